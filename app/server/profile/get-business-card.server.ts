import { eq } from "drizzle-orm";
import type { Database } from "~/db/database";
import { businessProfiles } from "~/db/schema";

export type BusinessCard = {
  storeName: string;
  businessDescription: string;
  businessTypes: string[];
  targetCustomers: string;
  companySize: string | null;
};

/** What the dashboard's business card shows; null when the creator has no business profile yet (not an error). */
export async function getBusinessCard(db: Database, userId: string): Promise<BusinessCard | null> {
  const [row] = await db
    .select({
      storeName: businessProfiles.storeName,
      businessDescription: businessProfiles.businessDescription,
      businessTypes: businessProfiles.businessTypes,
      targetCustomers: businessProfiles.targetCustomers,
      companySize: businessProfiles.companySize,
    })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, userId))
    .limit(1);
  return row ?? null;
}
