import { eq } from "drizzle-orm";
import type { Database } from "~/db/database";
import { avatars, businessProfiles, profiles } from "~/db/schema";
import { AVATAR_MAX_BYTES, AVATAR_TYPE_MESSAGE, type BusinessProfileInput } from "~/schemas/business-profile";
import { sniffImageType } from "./sniff-image-type";

export type SaveBusinessProfileResult = { ok: true } | { ok: false; field: "profilePicture"; message: string };

/**
 * Saves the creator's business profile (register step 2) and, if given, the profile picture — whose bytes
 * must really be an image — in one transaction.
 */
export async function saveBusinessProfile(db: Database, userId: string, input: BusinessProfileInput): Promise<SaveBusinessProfileResult> {
  let picture: { bytes: Buffer; contentType: string } | undefined;
  if (input.profilePicture && input.profilePicture.size > 0) {
    const bytes = Buffer.from(await input.profilePicture.arrayBuffer());
    const contentType = sniffImageType(bytes);
    if (!contentType || bytes.length > AVATAR_MAX_BYTES) return { ok: false, field: "profilePicture", message: AVATAR_TYPE_MESSAGE };
    picture = { bytes, contentType };
  }
  const values = {
    storeName: input.storeName,
    businessDescription: input.businessDescription,
    businessTypes: input.businessTypes,
    targetCustomers: input.targetCustomers,
    companySize: input.companySize ?? null,
    phone: input.phone,
    websiteUrl: input.websiteUrl ?? null,
    preferredDelivery: input.preferredDelivery,
    preferredPayment: input.preferredPayment,
    marketingConsent: input.marketingConsent,
    termsAcceptedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx.insert(businessProfiles).values({ userId, ...values }).onConflictDoUpdate({ target: businessProfiles.userId, set: values });
    if (picture) {
      await tx.delete(avatars).where(eq(avatars.userId, userId));
      const [row] = await tx.insert(avatars).values({ userId, ...picture }).returning({ id: avatars.id });
      await tx.insert(profiles).values({ userId, avatarUrl: `/avatars/${row!.id}` }).onConflictDoUpdate({ target: profiles.userId, set: { avatarUrl: `/avatars/${row!.id}` } });
    }
  });
  return { ok: true };
}
