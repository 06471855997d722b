// Started by the Playwright config: the local OpenID provider standing in for Google.
import { startOidcProvider } from "./oidc-provider";

const appOrigin = process.env.APP_ORIGIN!;
const oidc = await startOidcProvider({
  port: Number(process.env.OIDC_PORT),
  clientId: process.env.OIDC_CLIENT_ID!,
  clientSecret: process.env.OIDC_CLIENT_SECRET!,
  redirectUris: [`${appOrigin}/api/auth/callback/google`],
});
console.log(`local OpenID provider: ${oidc.issuer}`);
