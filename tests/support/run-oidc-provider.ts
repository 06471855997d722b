// Started by the Playwright config: the local OpenID provider standing in for Google.
import { startOidcProvider } from "./oidc-provider";

/** The app origins allowed to receive the callback: one per Playwright worker's app. */
const appOrigins = process.env.APP_ORIGINS!.split(",");
const oidc = await startOidcProvider({
  port: Number(process.env.OIDC_PORT),
  clientId: process.env.OIDC_CLIENT_ID!,
  clientSecret: process.env.OIDC_CLIENT_SECRET!,
  redirectUris: appOrigins.map((origin) => `${origin}/api/auth/callback/google`),
});
console.log(`local OpenID provider: ${oidc.issuer}`);
