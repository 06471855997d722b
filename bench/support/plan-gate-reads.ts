// The plan-gates bench's worker (bench/plan-gates.mjs forks it through tsx): opens the embedded PostgreSQL of DATA_DIR,
// migrates it, seeds BENCH_PLAN_USERS creators (every other one subscribed, in turn trialing, active, past due,
// lapsed), then times, interleaved and in random users' turns: a bare `select 1` round trip, the server guard (requirePlanFeature, the action
// path's one extra query), a page read with and without the plan part (planInForceQuery, the locks' path), and the
// pure check alone. Answers the times in ms.
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "~/db/open-database.server";
import { checkPlanFeature } from "~/domains/billing/plan-gates";
import { planInForceQuery } from "~/domains/billing/server/plan-in-force-query.server";
import { requirePlanFeature } from "~/domains/billing/server/require-plan-feature.server";
import { salesMethodQuery } from "~/domains/sales-methods/server/sales-method-query.server";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { runPageQuery } from "~/kernel/session/run-page-query.server";
import { PLAN_IDS } from "~/lib/plans";

const USERS = Number(process.env.BENCH_PLAN_USERS ?? 20_000);
const READS = Number(process.env.BENCH_PLAN_READS ?? 2_000);
const WARMUP = 200;
const send = (message: unknown) => process.send?.(message);

const database = await openDatabase({ kind: "embedded", dataDir: process.env.DATA_DIR! });
try {
  await migrateDatabase(database);
  const { db } = database;
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-plan-' || i, 'Bench ' || i, 'plan-' || i || '@bench.test', true from generate_series(1, ${USERS}::int) i`);
  await db.execute(sql`
    insert into billing_subscriptions (user_id, provider, customer_id, subscription_id, plan, status, snapshot_at)
    select 'bench-plan-' || i, 'test', 'cus_' || i, 'sub_' || i, (array['pro', 'business', 'enterprise'])[1 + i % 3],
      (array['trialing', 'active', 'past_due', 'lapsed'])[1 + (i / 2) % 4], now()
    from generate_series(2, ${USERS}::int, 2) i`);
  await db.execute(sql`analyze`);

  const withoutPlan = combinePageQueries({ setup: salesMethodQuery("existing_website") });
  const withPlan = combinePageQueries({ setup: salesMethodQuery("existing_website"), plan: planInForceQuery });
  const user = () => `bench-plan-${1 + Math.floor(Math.random() * USERS)}`;
  const time = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  const times = {
    roundTrip: [] as number[],
    guard: [] as number[],
    pageWithout: [] as number[],
    pageWith: [] as number[],
    check: [] as number[],
  };
  for (let i = 0; i < WARMUP + READS; i++) {
    const userId = user();
    const roundTrip = await time(() => db.execute(sql`select 1`));
    const guard = await time(() => requirePlanFeature(db, userId, "detailed_analytics"));
    const without = await time(() => runPageQuery(db, { userId }, withoutPlan));
    const withIt = await time(() => runPageQuery(db, { userId }, withPlan));
    if (i < WARMUP) continue;
    times.roundTrip.push(roundTrip);
    times.guard.push(guard);
    times.pageWithout.push(without);
    times.pageWith.push(withIt);
  }
  // The pure check: a million calls, timed together.
  const started = performance.now();
  let allowed = 0;
  for (let i = 0; i < 1_000_000; i++) if (checkPlanFeature(PLAN_IDS[i % 4]!, "api_access").ok) allowed += 1;
  times.check.push((performance.now() - started) / 1_000_000);
  const version = (await db.execute<{ version: string }>(sql`select current_setting('server_version') as version`))
    .rows[0]!.version;
  send({ done: true, version, users: USERS, reads: READS, times, allowed });
} catch (error) {
  send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
} finally {
  await database.close();
}
