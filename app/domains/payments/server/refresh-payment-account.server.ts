import { and, eq } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import type { ConnectableProvider } from "~/domains/payments/content/providers";
import { type ConnectionStatus, paymentAccounts } from "~/domains/payments/tables.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { type Failure, fail } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { Logger } from "~/server/logger.server";
import type { PaymentProviders } from "./payment-provider.server";

type Status = Exclude<ConnectionStatus, "not_connected">;

/**
 * Asks the provider how the creator's account stands now and stores it, with a security event when its status changed.
 */
export async function refreshPaymentAccount(
  services: { db: Database; payments: PaymentProviders; logger: Logger },
  userId: string,
  provider: ConnectableProvider,
  meta: RequestMeta,
): Promise<
  | { ok: true; status: Status; changed: boolean }
  | Failure<"PAYMENT_PROVIDER_NOT_CONFIGURED" | "PAYMENT_ACCOUNT_NOT_FOUND" | "PAYMENT_CONNECT_FAILED">
> {
  const onboarding = services.payments[provider]?.onboarding;
  if (!onboarding) return fail("PAYMENT_PROVIDER_NOT_CONFIGURED");
  const where = and(eq(paymentAccounts.userId, userId), eq(paymentAccounts.provider, provider));
  const [account] = await services.db
    .select({ externalAccountId: paymentAccounts.externalAccountId })
    .from(paymentAccounts)
    .where(where);
  if (!account?.externalAccountId) return fail("PAYMENT_ACCOUNT_NOT_FOUND");
  let now: { status: Status; details: Record<string, unknown> };
  try {
    now = await onboarding.accountStatus(account.externalAccountId);
  } catch (error) {
    services.logger.error({ err: error, provider }, "payment account status could not be read");
    return fail("PAYMENT_CONNECT_FAILED");
  }
  const revealedId = typeof now.details.accountId === "string" ? now.details.accountId : undefined;
  return inTransaction(services.db, async (tx) => {
    // The row is locked while its old status is compared, so two refreshes record one change.
    const [before] = await tx
      .select({ status: paymentAccounts.status })
      .from(paymentAccounts)
      .where(where)
      .for("update");
    if (!before) return fail("PAYMENT_ACCOUNT_NOT_FOUND");
    await tx
      .update(paymentAccounts)
      .set({ status: now.status, details: now.details, ...(revealedId ? { externalAccountId: revealedId } : {}) })
      .where(where);
    const changed = before.status !== now.status;
    if (changed) {
      await recordSecurityEvent(
        tx,
        {
          userId,
          eventType: "payment_provider_status_changed",
          eventCategory: "account",
          severity: "medium",
          riskScore: 3,
          details: { provider, from: before.status, to: now.status },
        },
        meta,
      );
    }
    return { ok: true as const, status: now.status, changed };
  });
}
