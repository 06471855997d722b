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
