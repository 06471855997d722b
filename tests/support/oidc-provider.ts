import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect provider on 127.0.0.1 standing in for Google in tests. Its login page
 * (oidc-provider's dev interactions) takes any identity: the login typed is the account's email.
 */
export async function startOidcProvider({
  port = 0,
  clientId,
  clientSecret,
  redirectUris,
}: {
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: false,
    cookies: { keys: ["sellkit-test-oidc"] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return { sub, email: sub, email_verified: true, name: sub.split("@")[0] };
        },
      };
    },
  });
  provider.proxy = false;
  server.on("request", provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Answers one page of the local provider as a visitor would (its login form with `email`, then its consent
 * form) and returns where the provider sends the browser next.
 */
export async function submitProviderPage(
  response: Response,
  url: URL,
  email: string,
  providerJar: { header: () => string; store: (response: Response) => void },
): Promise<URL> {
  const html = await response.text();
  if (response.status !== 200) throw new Error(`provider page answered ${response.status}: ${html.slice(0, 300)}`);
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
  if (!action || !prompt) throw new Error(`no provider form in: ${html.slice(0, 300)}`);
  const body =
    prompt === "login"
      ? new URLSearchParams({ prompt, login: email, password: "any" })
      : new URLSearchParams({ prompt });
  const target = new URL(action.replace(/&amp;/g, "&"), url);
  const answer = await fetch(target, {
    method: "POST",
    redirect: "manual",
    body,
    headers: { cookie: providerJar.header() },
  });
  providerJar.store(answer);
  await answer.arrayBuffer();
  return new URL(answer.headers.get("location")!, target);
}
