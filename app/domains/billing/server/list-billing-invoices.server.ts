import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { billingInvoices } from "~/domains/billing/tables.server";
import type { BillingInvoice } from "./billing-provider.server";

/** The creator's invoices as the providers reported them, newest first, from the database. */
export async function listBillingInvoices(db: Database, userId: string): Promise<BillingInvoice[]> {
  return db
    .select({
      invoiceId: billingInvoices.invoiceId,
      customerId: billingInvoices.customerId,
      plan: billingInvoices.plan,
      amountMinor: billingInvoices.amountMinor,
      currency: billingInvoices.currency,
      status: billingInvoices.status,
      periodStart: billingInvoices.periodStart,
      periodEnd: billingInvoices.periodEnd,
      hostedUrl: billingInvoices.hostedUrl,
      pdfUrl: billingInvoices.pdfUrl,
    })
    .from(billingInvoices)
    .where(eq(billingInvoices.userId, userId))
    .orderBy(desc(billingInvoices.periodStart), desc(billingInvoices.createdAt));
}
