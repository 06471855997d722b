import type { DBTransactionAdapter, Where } from "better-auth";

/** better-auth's `verification` identifiers of the links mailed to an account. */
export const RESET_LINK_PREFIX = "reset-password:";
export const MAGIC_LINK_PREFIX = "magic-link:";

/** The email a magic-link row was issued for (its value is better-auth's JSON record), or null. */
function magicLinkEmail(value: string): string | null {
  try {
    const record = JSON.parse(value) as { type?: unknown; email?: unknown };
    return record.type === "magic-link" && typeof record.email === "string" ? record.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Ends every outstanding password-reset link and magic link of an account (issue 13.3): after a reset, a password
 * change or an email change, a link mailed earlier must not set the password again or sign in. Reset rows hold
 * the user id as their value, magic-link rows a JSON record with the email. `adapter` is better-auth's adapter of
 * the change (its transaction when there is one: `getCurrentAdapter`); `exceptId` keeps the row being consumed
 * by the change itself (better-auth deletes it and fails the change if it is gone already).
 */
export async function revokeAccountLinks(adapter: DBTransactionAdapter, userId: string, { exceptId }: { exceptId?: string } = {}): Promise<void> {
  const except: Where[] = exceptId ? [{ field: "id", operator: "ne", value: exceptId }] : [];
  await adapter.deleteMany({
    model: "verification",
    where: [{ field: "identifier", operator: "starts_with", value: RESET_LINK_PREFIX }, { field: "value", value: userId }, ...except],
  });
  const owner = await adapter.findOne<{ email: string }>({ model: "user", where: [{ field: "id", value: userId }], select: ["email"] });
  if (!owner) return;
  const email = owner.email.toLowerCase();
  const candidates = await adapter.findMany<{ id: string; value: string }>({
    model: "verification",
    where: [
      { field: "identifier", operator: "starts_with", value: MAGIC_LINK_PREFIX },
      { field: "value", operator: "contains", value: JSON.stringify(email) },
      ...except,
    ],
  });
  const ids = candidates.filter((row) => magicLinkEmail(row.value) === email).map((row) => row.id);
  if (ids.length > 0) await adapter.deleteMany({ model: "verification", where: [{ field: "id", operator: "in", value: ids }] });
}
