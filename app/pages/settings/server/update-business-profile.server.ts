import { eq } from "drizzle-orm";
import { businessProfiles } from "~/kernel/store/tables.server";
import type { SettingsBusinessProfileInput } from "~/pages/settings/schemas/settings-business-profile";
import type { RequestMeta } from "~/kernel/audit/record-security-event.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { AppServices } from "~/server/services.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import { toE164 } from "~/lib/phone/phone-number";

/** Updates the creator's existing business profile with its security event; `terms_accepted_at` is never touched. */
export async function updateBusinessProfile(
  services: Pick<AppServices, "db">,
  userId: string,
  input: SettingsBusinessProfileInput,
  meta: RequestMeta,
): Promise<{ ok: boolean }> {
  return inTransaction(services.db, async (tx) => {
    const updated = await tx
      .update(businessProfiles)
      .set({
        // The schema checked that the two make an E.164 number.
        phone: toE164(input.phoneCountry, input.phone) ?? input.phone,
        storeName: input.storeName,
        businessTypes: input.businessTypes,
        businessDescription: input.businessDescription,
        targetCustomers: input.targetCustomers,
        companySize: input.companySize ?? null,
        websiteUrl: input.websiteUrl ?? null,
        preferredDelivery: input.preferredDelivery,
        preferredPayment: input.preferredPayment,
        marketingConsent: input.marketingConsent,
      })
      .where(eq(businessProfiles.userId, userId))
      .returning({ userId: businessProfiles.userId });
    if (updated.length === 0) return { ok: false };
    await recordSecurityEvent(
      tx,
      {
        userId,
        eventType: "business_profile_updated",
        eventCategory: "account",
        severity: "low",
        riskScore: 1,
        details: { marketingConsent: input.marketingConsent },
      },
      meta,
    );
    return { ok: true };
  });
}
