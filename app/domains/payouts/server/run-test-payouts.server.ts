import { sql } from "drizzle-orm";
import { runEvery } from "~/server/tasks/run-every.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { dayKeyOf, isBusinessDay, ledgerEntryFor, nextBusinessDay } from "~/domains/payouts/ledger-rules";
import { paidOrdersChangedSinceSql } from "~/domains/orders/server/order-earnings-sql.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { bookEarnings } from "./book-earnings.server";
import { SYNC_OVERLAP } from "./earnings-sql.server";
import type { Logger } from "~/server/logger.server";

/** The job's transaction-level advisory lock key ("sellkit payouts"): one instance runs it at a time. */
const PAYOUTS_LOCK = 0x5e11a75;
/** Changed orders read per cursor fetch. */
const READ_BATCH = 1_000;

type Services = { db: Database; logger: Logger };

export type PayoutRunResult = {
  ran: boolean;
  earningsBooked: number;
  ordersRead: number;
  entries: number;
  payouts: number;
  arrived: number;
};

type ChangedRow = {
  id: string;
  user_id: string;
  currency: string;
  status: string;
  amount_cents: number;
  refunded_cents: number;
  platform_fee_cents: number;
  /** ISO 8601 (to_json), parsed the same by every driver setting. */
  paid_at: string;
  booked: string | number;
  sale_available_on: string | null;
};

/**
 * The payout job: books changed orders' earnings and ledger entries, pays out available balances on business days,
 * marks arrived payouts paid.
 * One transaction under an advisory lock, so another instance skips the round and a failed run changes nothing.
 */
export async function runTestPayouts(services: Services, now: Date = new Date()): Promise<PayoutRunResult> {
  const result: PayoutRunResult = { ran: false, earningsBooked: 0, ordersRead: 0, entries: 0, payouts: 0, arrived: 0 };
  await inTransaction(services.db, async (tx) => {
    const locked = (
      await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${PAYOUTS_LOCK}) as locked`)
    ).rows;
    if (!locked[0]?.locked) return;
    result.ran = true;
    // The database's clock, as orders.updated_at's: the next run reads from here.
    const started = (await tx.execute<{ started: string }>(sql`select to_json(now()) #>> '{}' as started`)).rows[0]!
      .started;

    // Where the last run read from, less the overlap, as a value: the planner then sees how few orders changed.
    const synced = (
      await tx.execute<{ since: string }>(
        sql`select to_json(synced_until - ${SYNC_OVERLAP}) #>> '{}' as since from payouts_sync where id = 1`,
      )
    ).rows[0];
    const since = synced ? new Date(synced.since) : new Date(0);
    result.earningsBooked = await bookEarnings(tx, since);
    // A cursor keeps memory bounded when the first run on a big store reads every test order.
    await tx.execute(sql`
      declare payout_orders no scroll cursor for
        select o.id, o.user_id, o.currency, o.status, o.amount_cents, o.refunded_cents, o.platform_fee_cents,
          to_json(o.paid_at) #>> '{}' as paid_at, coalesce(e.booked, 0) as booked,
            to_json(e.sale_available_on) #>> '{}' as sale_available_on
        from (${paidOrdersChangedSinceSql("test", since)}) o
        left join lateral (
          select sum(amount_cents) as booked, min(available_on) filter (where kind = 'sale') as sale_available_on
          from test_payout_entries where order_id = o.id
        ) e on true`);
    for (;;) {
      const changed = (
        await tx.execute<ChangedRow>(sql`fetch forward ${sql.raw(String(READ_BATCH))} from payout_orders`)
      ).rows;
      if (changed.length === 0) break;
      result.ordersRead += changed.length;
      const entries = changed.flatMap((row) => {
        const entry = ledgerEntryFor(
          {
            status: row.status,
            amountCents: Number(row.amount_cents),
            refundedCents: Number(row.refunded_cents),
            platformFeeCents: Number(row.platform_fee_cents),
            paidAt: new Date(row.paid_at),
            bookedCents: Number(row.booked),
            saleAvailableOn: row.sale_available_on ? new Date(row.sale_available_on) : null,
          },
          now,
        );
        return entry ? [{ ...entry, orderId: row.id, userId: row.user_id, currency: row.currency }] : [];
      });
      if (entries.length > 0) {
        await tx.execute(sql`
          insert into test_payout_entries (user_id, order_id, kind, amount_cents, currency, available_on)
          values ${sql.join(
            entries.map(
              (entry) =>
                sql`(${entry.userId}, ${entry.orderId}::uuid, ${entry.kind}, ${entry.amountCents}, ${entry.currency}, ${entry.availableOn})`,
            ),
            sql`, `,
          )}`);
      }
      result.entries += entries.length;
    }
    await tx.execute(sql`close payout_orders`);
    await tx.execute(sql`
      insert into payouts_sync (id, synced_until) values (1, ${started}::timestamptz)
      on conflict (id) do update set synced_until = excluded.synced_until`);

    const today = dayKeyOf(now);
    if (isBusinessDay(today)) {
      // Both parts of the statement see one snapshot, so the payout's amount is exactly the entries it marks.
      const made = (
        await tx.execute<{ id: string; user_id: string; currency: string; amount_cents: number }>(sql`
          with due as (
            select user_id, currency, sum(amount_cents) as total from test_payout_entries
            where payout_id is null and available_on <= ${now}
            group by user_id, currency having sum(amount_cents) > 0
          ), made as (
            insert into test_payouts (user_id, currency, amount_cents, payout_date, arrival_date, status)
            select user_id, currency, total, ${today}::date, ${nextBusinessDay(today)}::date, 'in_transit' from due
            on conflict (user_id, currency, payout_date) do nothing
            returning id, user_id, currency, amount_cents
          ), marked as (
            update test_payout_entries e set payout_id = made.id from made
            where e.user_id = made.user_id and e.currency = made.currency and e.payout_id is null
              and e.available_on <= ${now}
            returning e.id
          )
          select id, user_id, currency, amount_cents from made`)
      ).rows;
      result.payouts = made.length;
      for (const payout of made) {
        await recordSecurityEvent(
          tx,
          {
            userId: payout.user_id,
            eventType: "payout_created",
            eventCategory: "payment",
            severity: "low",
            riskScore: 0,
            details: {
              provider: "test",
              payoutId: payout.id,
              amountCents: Number(payout.amount_cents),
              currency: payout.currency,
              payoutDate: today,
            },
          },
          {},
        );
      }
    }
    const arrived = (
      await tx.execute<{ id: string }>(
        sql`update test_payouts set status = 'paid' where status = 'in_transit' and arrival_date <= ${today}::date returning id`,
      )
    ).rows;
    result.arrived = arrived.length;
  });
  if (result.entries || result.payouts || result.earningsBooked)
    services.logger.info(result, "payouts: earnings and ledger updated");
  return result;
}

/** Runs the job every `intervalMs`, one run at a time; returns its stop function. */
export function startTestPayouts(services: Services, intervalMs = 60_000): () => Promise<void> {
  return runEvery(() => runTestPayouts(services), intervalMs, services.logger, "test payouts run failed");
}
