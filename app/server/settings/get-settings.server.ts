import { eq } from "drizzle-orm";
import type { Database } from "~/db/database";
import { hasPassword } from "../auth/has-password.server";
import { businessProfiles, profiles, user } from "~/db/schema";

/** What the settings page shows of the signed-in creator: only the columns it needs (never hashes or tokens). */
export async function getSettings(db: Database, userId: string) {
  const [row] = await db
    .select({ email: user.email, firstName: profiles.firstName, lastName: profiles.lastName, avatarUrl: profiles.avatarUrl })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  const [business] = await db
    .select({
      phone: businessProfiles.phone,
      storeName: businessProfiles.storeName,
      businessTypes: businessProfiles.businessTypes,
      businessDescription: businessProfiles.businessDescription,
      targetCustomers: businessProfiles.targetCustomers,
      companySize: businessProfiles.companySize,
      websiteUrl: businessProfiles.websiteUrl,
      preferredDelivery: businessProfiles.preferredDelivery,
      preferredPayment: businessProfiles.preferredPayment,
      marketingConsent: businessProfiles.marketingConsent,
    })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, userId))
    .limit(1);
  const canUsePassword = await hasPassword(db, userId);
  return {
    email: row?.email ?? "",
    firstName: row?.firstName ?? "",
    lastName: row?.lastName ?? "",
    avatarUrl: row?.avatarUrl ?? null,
    business: business ?? null,
    hasPassword: canUsePassword,
  };
}

export type Settings = Awaited<ReturnType<typeof getSettings>>;
