import { eq } from "drizzle-orm";
import { user } from "~/kernel/session/tables.server";
import type { AppServices } from "~/server/services.server";

/** The outbox kind of a requested sign-in link mail (`Mailer.request`). */
export const MAGIC_LINK_MAIL = "magic-link";

/**
 * Mails a one-time sign-in link to an existing, verified account from the outbox worker, so every request answers
 * equally fast.
 */
export async function mailMagicLink(services: Pick<AppServices, "db" | "auth">, email: string): Promise<void> {
  // Only verified accounts: better-auth would otherwise wipe an unverified account's password on use.
  const [account] = await services.db
    .select({ verified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email))
    .limit(1);
  if (!account?.verified) return;
  await services.auth.api.signInMagicLink({ body: { email, callbackURL: "/" }, headers: new Headers() });
}
