import { and, eq, sql } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { addDays, historyOf, isLive, type SubscriptionFacts } from "~/domains/billing/billing-rules";
import {
  type BillingHistoryKind,
  type BillingProviderId,
  PAST_DUE_GRACE_DAYS,
  type SubscriptionStatus,
} from "~/domains/billing/subscription-state";
import {
  billingCustomers,
  billingEvents,
  billingHistory,
  billingInvoices,
  billingSubscriptions,
  billingTrials,
} from "~/domains/billing/tables.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { user } from "~/kernel/session/tables.server";
import type { PlanId } from "~/lib/plans";
import type { BillingEvent, BillingInvoice, SubscriptionSnapshot } from "./billing-provider.server";
import { billingMail, type BillingMailFacts } from "./billing-mail.server";
import { lockBillingUser } from "./lock-billing-user.server";
import type { BillingMail } from "./billing-services.server";

type Applied = "applied" | "stale" | "ignored";
type Outcome = Applied | "duplicate";
type Creator = { userId: string; email: string };
type Context = {
  tx: Database;
  providerId: BillingProviderId;
  creator: Creator;
  event: BillingEvent;
  mail: BillingMail;
};

/**
 * Applies verified provider events, the only way a plan changes, each once per provider and event id.
 * History, security event and mail share its transaction; an older snapshot never overwrites a newer one.
 */
export async function applyBillingEvents(
  db: Database,
  providerId: BillingProviderId,
  events: BillingEvent[],
  mail: BillingMail,
): Promise<{ applied: number; duplicates: number }> {
  let applied = 0;
  let duplicates = 0;
  for (const event of events) {
    const outcome = await inTransaction(db, (tx) => applyOne(tx, providerId, event, mail));
    if (outcome === "applied") applied++;
    if (outcome === "duplicate") duplicates++;
  }
  return { applied, duplicates };
}

async function applyOne(
  tx: Database,
  providerId: BillingProviderId,
  event: BillingEvent,
  mail: BillingMail,
): Promise<Outcome> {
  const customerId = "subscription" in event ? event.subscription.customerId : event.invoice.customerId;
  const [creator] = await tx
    .select({ userId: billingCustomers.userId, email: user.email })
    .from(billingCustomers)
    .innerJoin(user, eq(user.id, billingCustomers.userId))
    .where(and(eq(billingCustomers.provider, providerId), eq(billingCustomers.customerId, customerId)));
  const claimed = await tx
    .insert(billingEvents)
    .values({
      provider: providerId,
      eventId: event.eventId,
      type: event.type,
      userId: creator?.userId ?? null,
      outcome: creator ? "applied" : "ignored",
      occurredAt: event.createdAt,
    })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  if (claimed.length === 0) return "duplicate";
  if (!creator) return "ignored";
  await lockBillingUser(tx, creator.userId);
  const context: Context = { tx, providerId, creator, event, mail };
  const outcome =
    "subscription" in event
      ? await applySnapshot(context, event.subscription)
      : await applyInvoice(context, event.invoice);
  if (outcome !== "applied") {
    await tx.update(billingEvents).set({ outcome }).where(eq(billingEvents.id, claimed[0]!.id));
  }
  return outcome;
}

function factsOf(row: typeof billingSubscriptions.$inferSelect): SubscriptionFacts {
  return {
    plan: row.plan,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    scheduledPlan: row.scheduledPlan,
  };
}

async function applySnapshot(context: Context, snapshot: SubscriptionSnapshot): Promise<Applied> {
  const { tx, providerId, creator, event } = context;
  const [row] = await tx
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, creator.userId))
    .for("update");
  const same = row !== undefined && row.provider === providerId && row.subscriptionId === snapshot.subscriptionId;
  if (same && row.snapshotAt.getTime() > event.createdAt.getTime()) return "stale";
  // A second live subscription of one creator is never mirrored: the first one stays in force.
  if (row && !same && isLive(row.status)) return "ignored";
  const ended = event.type === "subscription.deleted";
  const status: SubscriptionStatus = ended
    ? (same && row.status === "past_due") || snapshot.status === "past_due"
      ? "lapsed"
      : "canceled"
    : snapshot.status;
  const graceEndsAt =
    status !== "past_due"
      ? null
      : same && row.graceEndsAt
        ? row.graceEndsAt
        : addDays(event.createdAt, PAST_DUE_GRACE_DAYS);
  const values = {
    provider: providerId,
    customerId: snapshot.customerId,
    subscriptionId: snapshot.subscriptionId,
    plan: snapshot.plan,
    status,
    trialEndsAt: snapshot.trialEndsAt,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: ended ? false : snapshot.cancelAtPeriodEnd,
    scheduledPlan: ended ? null : snapshot.scheduledPlan,
    hasPaymentMethod: snapshot.hasPaymentMethod,
    cardFingerprint: snapshot.cardFingerprint,
    graceEndsAt,
    snapshotAt: event.createdAt,
  };
  await tx
    .insert(billingSubscriptions)
    .values({ userId: creator.userId, ...values })
    .onConflictDoUpdate({ target: billingSubscriptions.userId, set: values });
  if (status === "trialing") await recordTrial(tx, creator.userId, snapshot.cardFingerprint, event.createdAt);
  const before = row ? factsOf(row) : null;
  const after: SubscriptionFacts = {
    plan: values.plan,
    status,
    cancelAtPeriodEnd: values.cancelAtPeriodEnd,
    scheduledPlan: values.scheduledPlan,
  };
  for (const entry of historyOf(before, after)) {
    await recordHistory(context, entry);
    if (entry.kind === "trial_ended" || entry.kind === "lapsed" || entry.kind === "subscribed") {
      await sendMail(context, { kind: entry.kind, plan: entry.fromPlan ?? entry.plan ?? snapshot.plan });
    }
  }
  if (event.type === "subscription.trial_will_end" && status === "trialing" && snapshot.trialEndsAt) {
    await sendMail(context, {
      kind: "trial_reminder",
      plan: snapshot.plan,
      trialEndsAt: snapshot.trialEndsAt,
      hasPaymentMethod: snapshot.hasPaymentMethod,
    });
  }
  return "applied";
}

/** Spends the creator's one trial, and the card's once one is on file during it. */
async function recordTrial(tx: Database, userId: string, fingerprint: string | null, at: Date): Promise<void> {
  await tx.insert(billingTrials).values({ userId, startedAt: at }).onConflictDoNothing();
  if (fingerprint === null) return;
  await tx.execute(sql`
    update billing_trials set card_fingerprint = ${fingerprint}
    where user_id = ${userId} and card_fingerprint is null
      and not exists (select 1 from billing_trials other where other.card_fingerprint = ${fingerprint})`);
}

async function applyInvoice(context: Context, invoice: BillingInvoice): Promise<Applied> {
  const { tx, providerId, creator, event } = context;
  const [row] = await tx
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.provider, providerId), eq(billingInvoices.invoiceId, invoice.invoiceId)))
    .for("update");
  if (row && row.snapshotAt.getTime() > event.createdAt.getTime()) return "stale";
  const paid = event.type === "invoice.paid";
  const values = {
    customerId: invoice.customerId,
    plan: invoice.plan,
    amountMinor: invoice.amountMinor,
    currency: invoice.currency,
    status: paid ? ("paid" as const) : ("failed" as const),
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    hostedUrl: invoice.hostedUrl,
    pdfUrl: invoice.pdfUrl,
    snapshotAt: event.createdAt,
  };
  await tx
    .insert(billingInvoices)
    .values({ userId: creator.userId, provider: providerId, invoiceId: invoice.invoiceId, ...values })
    .onConflictDoUpdate({ target: [billingInvoices.provider, billingInvoices.invoiceId], set: values });
  // Each failed attempt is told; a paid invoice once.
  if (paid && row?.status === "paid") return "applied";
  await recordHistory(context, {
    kind: paid ? "payment_succeeded" : "payment_failed",
    plan: invoice.plan,
    fromPlan: null,
  });
  if (paid) {
    if (invoice.amountMinor > 0) {
      const url = invoice.hostedUrl?.startsWith("/")
        ? `${context.mail.env.APP_URL}${invoice.hostedUrl}`
        : invoice.hostedUrl;
      await sendMail(context, {
        kind: "payment_succeeded",
        plan: invoice.plan,
        amountMinor: invoice.amountMinor,
        currency: invoice.currency,
        invoiceUrl: url,
      });
    }
    return "applied";
  }
  const [subscription] = await tx
    .select({ graceEndsAt: billingSubscriptions.graceEndsAt })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, creator.userId));
  await sendMail(context, {
    kind: "payment_failed",
    plan: invoice.plan,
    amountMinor: invoice.amountMinor,
    currency: invoice.currency,
    graceEndsAt: subscription?.graceEndsAt ?? addDays(event.createdAt, PAST_DUE_GRACE_DAYS),
  });
  return "applied";
}

async function recordHistory(
  { tx, providerId, creator, event, mail }: Context,
  entry: { kind: BillingHistoryKind; plan: PlanId | null; fromPlan: PlanId | null },
): Promise<void> {
  await tx
    .insert(billingHistory)
    .values({ userId: creator.userId, ...entry, eventId: event.eventId, at: event.createdAt });
  const worrying = entry.kind === "payment_failed" || entry.kind === "lapsed";
  await recordSecurityEvent(
    tx,
    {
      userId: creator.userId,
      eventType: `billing_${entry.kind}`,
      eventCategory: "payment",
      severity: worrying ? "medium" : "low",
      riskScore: worrying ? 3 : 1,
      details: { provider: providerId, eventId: event.eventId, plan: entry.plan, fromPlan: entry.fromPlan },
    },
    mail.meta ?? {},
  );
}

async function sendMail({ tx, creator, mail }: Context, facts: BillingMailFacts): Promise<void> {
  await mail.mailer.send(billingMail(creator.email, mail.env.APP_URL, facts), { tx });
}
