import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { avatars, profiles } from "~/kernel/store/tables.server";
import { AVATAR_MAX_BYTES, AVATAR_TYPE_MESSAGE } from "~/domains/workspace/schemas/business-profile";
import { sniffImageType } from "./sniff-image-type.server";

/** An uploaded picture whose bytes were checked: really an image of an accepted type, at most 2 MB. */
export type CheckedAvatar = { bytes: Buffer; contentType: string };

/**
 * Reads an uploaded profile picture and judges it by its bytes (never its name or declared type; never SVG).
 * `null` when no file was chosen.
 */
export async function checkAvatarUpload(
  file: File | undefined,
): Promise<{ ok: true; avatar: CheckedAvatar | null } | { ok: false; message: string }> {
  if (!file || file.size === 0) return { ok: true, avatar: null };
  if (file.size > AVATAR_MAX_BYTES) return { ok: false, message: AVATAR_TYPE_MESSAGE };
  const bytes = Buffer.from(await file.arrayBuffer());
  const contentType = sniffImageType(bytes);
  if (!contentType || bytes.length > AVATAR_MAX_BYTES) return { ok: false, message: AVATAR_TYPE_MESSAGE };
  return { ok: true, avatar: { bytes, contentType } };
}

/**
 * Stores the creator's profile picture (replacing any earlier one) and points the profile at `/avatars/:id`;
 * `null` removes it. Run it inside the caller's transaction (registration step 2, settings).
 */
export async function saveAvatar(tx: Database, userId: string, avatar: CheckedAvatar | null): Promise<string | null> {
  await tx.delete(avatars).where(eq(avatars.userId, userId));
  let avatarUrl: string | null = null;
  if (avatar) {
    const [row] = await tx
      .insert(avatars)
      .values({ userId, ...avatar })
      .returning({ id: avatars.id });
    avatarUrl = `/avatars/${row!.id}`;
  }
  await tx
    .insert(profiles)
    .values({ userId, avatarUrl })
    .onConflictDoUpdate({ target: profiles.userId, set: { avatarUrl } });
  return avatarUrl;
}
