import type { Database } from "~/db/database.server";
import { businessProfiles } from "~/kernel/store/tables.server";
import type { BusinessProfileInput } from "~/domains/workspace/schemas/business-profile";
import { checkAvatarUpload, saveAvatar } from "./save-avatar.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import { toE164 } from "~/lib/phone/phone-number";

export type SaveBusinessProfileResult = { ok: true } | { ok: false; field: "profilePicture"; message: string };

/**
 * Saves the creator's business profile (register step 2) and, if given, the profile picture — whose bytes
 * must really be an image — in one transaction.
 */
export async function saveBusinessProfile(
  db: Database,
  userId: string,
  input: BusinessProfileInput,
): Promise<SaveBusinessProfileResult> {
  const picture = await checkAvatarUpload(input.profilePicture);
  if (!picture.ok) return { ok: false, field: "profilePicture", message: picture.message };
  const values = {
    storeName: input.storeName,
    businessDescription: input.businessDescription,
    businessTypes: input.businessTypes,
    targetCustomers: input.targetCustomers,
    companySize: input.companySize ?? null,
    // The schema checked that the two make an E.164 number.
    phone: toE164(input.phoneCountry, input.phone) ?? input.phone,
    websiteUrl: input.websiteUrl ?? null,
    preferredDelivery: input.preferredDelivery,
    preferredPayment: input.preferredPayment,
    marketingConsent: input.marketingConsent,
    termsAcceptedAt: new Date(),
  };
  await inTransaction(db, async (tx) => {
    await tx
      .insert(businessProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: businessProfiles.userId, set: values });
    if (picture.avatar) await saveAvatar(tx, userId, picture.avatar);
  });
  return { ok: true };
}
