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
 * Ends every outstanding reset and magic link of an account, so an older link cannot reset or sign in after a
 * credential change. `exceptId` spares the row the change itself consumes.
 */
export async function revokeAccountLinks(
  adapter: DBTransactionAdapter,
  userId: string,
  { exceptId }: { exceptId?: string } = {},
): Promise<void> {
  const except: Where[] = exceptId ? [{ field: "id", operator: "ne", value: exceptId }] : [];
  await adapter.deleteMany({
    model: "verification",
    where: [
      { field: "identifier", operator: "starts_with", value: RESET_LINK_PREFIX },
      { field: "value", value: userId },
      ...except,
    ],
  });
  const owner = await adapter.findOne<{ email: string }>({
    model: "user",
    where: [{ field: "id", value: userId }],
    select: ["email"],
  });
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
  if (ids.length > 0)
    await adapter.deleteMany({ model: "verification", where: [{ field: "id", operator: "in", value: ids }] });
}
