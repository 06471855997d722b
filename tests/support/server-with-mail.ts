import { afterAll, beforeAll } from "vitest";
import { startMailCatcher, type MailCatcher } from "./mail-catcher";
import { startOidcProvider } from "./oidc-provider";
import { freePort, startTestServer, type TestServer, type TestServerOptions } from "./test-server";

/**
 * The usual setup of an integration test file: a local SMTP stand-in and a test server whose mail goes to it,
 * started before the file's tests (`onStarted` receives both) and stopped after them.
 */
export function serverWithMail(
  env: Record<string, string>,
  onStarted: (started: { mail: MailCatcher; server: TestServer }) => void,
  options?: TestServerOptions,
) {
  let started: { mail: MailCatcher; server: TestServer } | undefined;
  beforeAll(async () => {
    const mail = await startMailCatcher();
    started = { mail, server: await startTestServer({ SMTP_URL: mail.url, ...env }, options) };
    onStarted(started);
  });
  afterAll(async () => {
    await started?.server.stop();
    await started?.mail.stop();
  });
}

type OidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/**
 * `serverWithMail` with Google sign-in pointed at a local OpenID provider: the provider must know the app's
 * callback before the app starts (and the app its discovery URL), so the app's port is chosen first.
 */
export function serverWithMailAndGoogle(
  client: { clientId: string; clientSecret: string },
  onStarted: (started: { mail: MailCatcher; server: TestServer; oidc: OidcProvider }) => void,
) {
  let started: { mail: MailCatcher; server: TestServer; oidc: OidcProvider } | undefined;
  beforeAll(async () => {
    const mail = await startMailCatcher();
    const port = await freePort();
    const oidc = await startOidcProvider({
      ...client,
      redirectUris: [`http://127.0.0.1:${port}/api/auth/callback/google`],
    });
    const env = {
      SMTP_URL: mail.url,
      TRUSTED_PROXIES: "loopback",
      GOOGLE_CLIENT_ID: client.clientId,
      GOOGLE_CLIENT_SECRET: client.clientSecret,
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
    };
    started = { mail, oidc, server: await startTestServer(env, { port }) };
    onStarted(started);
  });
  afterAll(async () => {
    await started?.server.stop();
    await started?.oidc.stop();
    await started?.mail.stop();
  });
}
