import { and, eq } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import type { ConnectableProvider } from "~/domains/payments/content/providers";
import { paymentAccounts } from "~/domains/payments/tables.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { type Failure, fail } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { Logger } from "~/server/logger.server";
import type { PaymentProviders } from "./payment-provider.server";

export type ConnectUrls = { returnUrl: string; refreshUrl: string };

/**
 * Starts or resumes a creator's onboarding at a provider and returns its one-time URL, creating the pending account row
 * the first time.
 */
export async function connectPaymentAccount(
  services: { db: Database; payments: PaymentProviders; logger: Logger },
  user: { id: string; email: string },
  provider: ConnectableProvider,
  urls: ConnectUrls,
  meta: RequestMeta,
): Promise<{ ok: true; url: string } | Failure<"PAYMENT_PROVIDER_NOT_CONFIGURED" | "PAYMENT_CONNECT_FAILED">> {
  const onboarding = services.payments[provider]?.onboarding;
  if (!onboarding) return fail("PAYMENT_PROVIDER_NOT_CONFIGURED");
  try {
    const [existing] = await services.db
      .select({ externalAccountId: paymentAccounts.externalAccountId })
      .from(paymentAccounts)
      .where(and(eq(paymentAccounts.userId, user.id), eq(paymentAccounts.provider, provider)));
    let accountId = existing?.externalAccountId ?? null;
    if (!accountId) {
      accountId = (await onboarding.createAccount({ userId: user.id, email: user.email })).accountId;
      const created = accountId;
      await inTransaction(services.db, async (tx) => {
        const [inserted] = await tx
          .insert(paymentAccounts)
          .values({ userId: user.id, provider, externalAccountId: created, status: "pending" })
          .onConflictDoNothing({ target: [paymentAccounts.userId, paymentAccounts.provider] })
          .returning({ id: paymentAccounts.id });
        if (!inserted) return;
        await recordSecurityEvent(
          tx,
          {
            userId: user.id,
            eventType: "payment_provider_connected",
            eventCategory: "account",
            severity: "medium",
            riskScore: 3,
            details: { provider, status: "pending" },
          },
          meta,
        );
      });
    }
    return { ok: true, url: await onboarding.onboardingUrl({ accountId, ...urls }) };
  } catch (error) {
    services.logger.error({ err: error, provider }, "payment provider onboarding failed");
    return fail("PAYMENT_CONNECT_FAILED");
  }
}
