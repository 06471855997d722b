// The billing page's data (GET /settings/billing.data) for a creator with two years of billing behind them. A
// throwaway embedded database gets BENCH_BILLING_CREATORS creators (2,000 by default, the bench's one among them),
// seeded through the billing tables as the providers' events leave them: a test-provider customer, a Business
// subscription in force, a used Pro trial, 25 invoices over 24 months (Pro for a year, then Business; one renewal
// failed and paid on retry) and 30 history rows each (trial, subscription, upgrade, a failed payment, a cancellation
// taken back, every payment). Then the production server: p50/p95 of BENCH_BILLING_READS (200) reads of the page's
// data as the signed-in creator, against /healthz in the same run (the machine is shared: compare the ratio).
// Budget: p95 < 100 ms. Bounded: stops (exit 2) if not finished within 5 minutes.
//
//   npm run build && node bench/billing-page.mjs
//   BENCH_BILLING_CREATORS=20000 node bench/billing-page.mjs
import { rmSync } from "node:fs";
import { startServer, tempDataDir } from "./start-server.mjs";
import { budgets, fmt, printTable, seedUsers, startAppProcess, timePage } from "./support/common.mjs";

const CREATORS = Math.max(1, Number(process.env.BENCH_BILLING_CREATORS ?? 2_000));
const READS = Number(process.env.BENCH_BILLING_READS ?? 200);
const WARM_UP = 10;
const MONTHS = 24;
const P95_BUDGET_MS = 100;
const PAGE = "/settings/billing.data";
setTimeout(() => {
  console.error("billing-page bench: not finished within 5 minutes");
  process.exit(2);
}, 5 * 60_000).unref();

const check = budgets("billing-page");

/** Every creator's customer, subscription, trial, invoices and history; answers the rows per table. */
async function seedBilling(app) {
  const started = performance.now();
  const creators = `select id, row_number() over (order by created_at, id) as n from "user"`;
  await app.request("sql", {
    text: `insert into "user" (id, name, email, email_verified)
           select 'bench-billing-other-' || i, 'Bench Creator ' || i, 'billing-other-' || i || '@bench.example', true
           from generate_series(1, $1::int) as i`,
    params: [CREATORS - 1],
  });
  await app.request("sql", {
    text: `with c as (${creators})
           insert into test_billing_customers (customer_id, user_id, email, card_fingerprint, card_last4, created_at)
           select 'cus_bench_' || c.n, c.id, 'billing-' || c.n || '@bench.example', 'fp_bench_' || c.n, '4242',
             now() - make_interval(months => ${MONTHS}, days => 29)
           from c`,
  });
  await app.request("sql", {
    text: `with c as (${creators})
           insert into billing_customers (user_id, provider, customer_id, created_at)
           select c.id, 'test', 'cus_bench_' || c.n, now() - make_interval(months => ${MONTHS}, days => 29) from c`,
  });
  await app.request("sql", {
    text: `with c as (${creators})
           insert into billing_trials (user_id, card_fingerprint, started_at)
           select c.id, 'fp_bench_' || c.n, now() - make_interval(months => ${MONTHS}, days => 29) from c`,
  });
  await app.request("sql", {
    text: `with c as (${creators})
           insert into billing_subscriptions (user_id, provider, customer_id, subscription_id, plan, status,
             current_period_end, has_payment_method, card_fingerprint, snapshot_at, created_at)
           select c.id, 'test', 'cus_bench_' || c.n, 'sub_bench_' || c.n, 'business', 'active',
             now() + interval '15 days', true, 'fp_bench_' || c.n, now() - interval '15 days',
             now() - make_interval(months => ${MONTHS}, days => 15)
           from c`,
  });
  // Month m's period starts 24 - m months and 15 days back; month 17's renewal failed, then its retry was paid.
  await app.request("sql", {
    text: `with c as (${creators}), m as (
             select m, now() - make_interval(months => ${MONTHS} - m, days => 15) as start from generate_series(0, ${MONTHS - 1}) as m
           ), invoice as (
             select c.id as user_id, c.n, m.m, m.start, 'paid' as status, '' as suffix from c cross join m
             union all
             select c.id, c.n, 17, m.start, 'failed', '_failed' from c join m on m.m = 17
           )
           insert into billing_invoices (user_id, provider, invoice_id, customer_id, plan, amount_minor, currency, status,
             period_start, period_end, hosted_url, snapshot_at, created_at)
           select user_id, 'test', 'in_bench_' || n || '_' || m || suffix, 'cus_bench_' || n,
             case when m < 12 then 'pro' else 'business' end, case when m < 12 then 1900 else 4900 end, 'EUR', status,
             start, start + interval '1 month', '/billing/test/invoices/in_bench_' || n || '_' || m || suffix,
             start + case when status = 'paid' and m = 17 then interval '3 days' else interval '0' end,
             start + case when status = 'paid' and m = 17 then interval '3 days' else interval '0' end
           from invoice`,
  });
  await app.request("sql", {
    text: `with c as (${creators}), m as (
             select m, now() - make_interval(months => ${MONTHS} - m, days => 15) as start from generate_series(0, ${MONTHS - 1}) as m
           ), event as (
             select 'trial_started' as kind, 'pro' as plan, null as from_plan, 0 as m, interval '-14 days' as after
             union all select 'subscribed', 'pro', null, 0, interval '0'
             union all select 'upgraded', 'business', 'pro', 12, interval '0'
             union all select 'payment_failed', 'business', null, 17, interval '0'
             union all select 'cancel_scheduled', 'business', null, 20, interval '2 days'
             union all select 'resumed', 'business', null, 20, interval '5 days'
             union all select 'payment_succeeded', case when m.m < 12 then 'pro' else 'business' end, null, m.m,
               case when m.m = 17 then interval '3 days' else interval '1 minute' end
             from m
           )
           insert into billing_history (user_id, kind, plan, from_plan, event_id, at, created_at)
           select c.id, e.kind, e.plan, e.from_plan, 'evt_bench_' || c.n || '_' || e.kind || '_' || e.m,
             m.start + e.after, m.start + e.after
           from c cross join event e join m on m.m = e.m`,
  });
  await app.request("sql", { text: "vacuum analyze", params: [] });
  const [counts] = await app.request("sql", {
    text: `select (select count(*)::int from billing_subscriptions) as subscriptions,
             (select count(*)::int from billing_invoices) as invoices,
             (select count(*)::int from billing_history) as history`,
  });
  return { ...counts, seconds: (performance.now() - started) / 1000 };
}

const dataDir = tempDataDir();
try {
  console.log(
    `billing-page bench: ${CREATORS.toLocaleString("en-US")} creators, ${MONTHS} months each, ${READS} reads`,
  );
  const env = { DATA_DIR: dataDir };
  const [creator] = await seedUsers(env, { count: 1, prefix: "billing", sessions: 1 });
  const app = await startAppProcess(env);
  let seeded;
  let mine;
  try {
    seeded = await seedBilling(app);
    [mine] = await app.request("sql", {
      text: `select (select count(*)::int from billing_invoices where user_id = $1) as invoices,
               (select count(*)::int from billing_history where user_id = $1) as history,
               (select invoice_id from billing_invoices where user_id = $1 order by period_start desc limit 1) as latest`,
      params: [creator.id],
    });
  } finally {
    await app.close();
  }
  check.figure(
    "seeded",
    `${seeded.subscriptions.toLocaleString("en-US")} subscriptions, ${seeded.invoices.toLocaleString("en-US")} invoices, ${seeded.history.toLocaleString("en-US")} history rows in ${fmt(seeded.seconds, 1)} s`,
  );
  console.log(
    `seeded in ${fmt(seeded.seconds, 1)} s: ${seeded.invoices.toLocaleString("en-US")} invoices, ${seeded.history.toLocaleString("en-US")} history rows; the creator's own: ${mine.invoices} invoices, ${mine.history} history rows`,
  );
  const server = await startServer({}, { dataDir });
  const cookie = creator.cookies[0];
  try {
    // The page's data must carry the creator's newest invoice: a signed-out or empty answer would be fast and wrong.
    const page = await timePage(`${server.origin}${PAGE}`, cookie, {
      reads: READS,
      warmUp: WARM_UP,
      expect: mine.latest,
    });
    const health = await timePage(`${server.origin}/healthz`, cookie, { reads: READS, warmUp: WARM_UP });
    printTable([
      ["read", "reads", "p50 ms", "p95 ms"],
      [`${PAGE} (${mine.invoices} invoices, ${mine.history} history rows)`, READS, fmt(page.p50), fmt(page.p95)],
      ["/healthz (reference)", READS, fmt(health.p50), fmt(health.p95)],
    ]);
    const ratio = `p50 ${fmt(page.p50 / health.p50, 1)}×, p95 ${fmt(page.p95 / health.p95, 1)}×`;
    console.log(`billing data against /healthz: ${ratio}`);
    check.figure("billing data / healthz", ratio);
    check.figure("/healthz p50 / p95 ms", `${fmt(health.p50)} / ${fmt(health.p95)}`);
    check.check(
      `billing page data p95 < ${P95_BUDGET_MS} ms`,
      page.p95 < P95_BUDGET_MS,
      `${fmt(page.p95)} ms (p50 ${fmt(page.p50)} ms)`,
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
check.finish();
