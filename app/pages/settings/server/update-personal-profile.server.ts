import { eq } from "drizzle-orm";
import { profiles } from "~/kernel/store/tables.server";
import { user } from "~/kernel/session/tables.server";
import type { PersonalProfileInput } from "~/pages/settings/schemas/settings-personal-profile";
import { checkAvatarUpload, saveAvatar } from "~/domains/workspace/server/save-avatar.server";
import type { RequestMeta } from "~/kernel/audit/record-security-event.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { AppServices } from "~/server/services.server";
import { inTransaction } from "~/db/ambient-transaction.server";

export type UpdatePersonalProfileResult = { ok: true } | { ok: false; field: "avatar"; message: string };

/** Saves the creator's names, also as better-auth's `user.name`, and picture, with its security event. */
export async function updatePersonalProfile(
  services: Pick<AppServices, "db">,
  userId: string,
  input: PersonalProfileInput,
  meta: RequestMeta,
): Promise<UpdatePersonalProfileResult> {
  const picture = await checkAvatarUpload(input.avatar);
  if (!picture.ok) return { ok: false, field: "avatar", message: picture.message };
  const avatarChange = picture.avatar ? "replaced" : input.removeAvatar ? "removed" : "kept";
  await inTransaction(services.db, async (tx) => {
    const names = { firstName: input.firstName, lastName: input.lastName };
    await tx
      .insert(profiles)
      .values({ userId, ...names })
      .onConflictDoUpdate({ target: profiles.userId, set: names });
    await tx
      .update(user)
      .set({ name: `${input.firstName} ${input.lastName}` })
      .where(eq(user.id, userId));
    if (avatarChange !== "kept") await saveAvatar(tx, userId, picture.avatar);
    await recordSecurityEvent(
      tx,
      {
        userId,
        eventType: "profile_updated",
        eventCategory: "account",
        severity: "low",
        riskScore: 1,
        details: { fields: ["firstName", "lastName"], avatar: avatarChange },
      },
      meta,
    );
  });
  return { ok: true };
}
