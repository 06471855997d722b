import { eq } from "drizzle-orm";
import { user } from "~/features/accounts/schema.server";
import type { AppServices } from "~/server/services.server";

/** The outbox kind of a requested sign-in link mail (`Mailer.request`). */
export const MAGIC_LINK_MAIL = "magic-link";

/**
 * Makes a one-time sign-in link and mails it to an existing, verified account; nothing otherwise. The outbox
 * worker runs it, so the request's answer takes the same time for every email.
 */
export async function mailMagicLink(services: Pick<AppServices, "db" | "auth">, email: string): Promise<void> {
  // Only verified accounts: better-auth would otherwise wipe an unverified account's password on use.
  const [account] = await services.db.select({ verified: user.emailVerified }).from(user).where(eq(user.email, email)).limit(1);
  if (!account?.verified) return;
  await services.auth.api.signInMagicLink({ body: { email, callbackURL: "/" }, headers: new Headers() });
}
