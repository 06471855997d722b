// A child process (`node --import tsx bench/support/app-process.ts`, with an IPC channel) that opens the
// database of its environment (DATABASE_URL, else the embedded PostgreSQL of DATA_DIR), migrates it and builds the app's
// services, then answers the bench scripts' requests:
//   seed   — creates verified creators (business profile, optional password, optional sessions) through
//            better-auth's internal adapter, the way registration ends; answers their signed session cookies;
//   serve  — serves the production build (createApp on the build's runtime, as server/main.ts does) on PORT;
//   record — writes a security event for a user (recordSecurityEvent: insert + NOTIFY);
//   sql    — runs one SQL statement with its parameters and answers its rows (bench fixtures: products, covers);
//   payouts — one run of the test provider's payout job (runTestPayouts) at `now`, answering its result and time;
//   close  — closes everything and exits.
// The embedded database lives in one process only: seeding happens here, then the production server
// (build/runtime/main.js) is started on the same DATA_DIR after `close`.
import { createHmac } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { migrateDatabase, openDatabase } from "~/db/open-database.server";
import { businessProfiles } from "~/kernel/store/tables.server";
import { createServices } from "~/server/create-services.server";
import type { Runtime } from "~/server/runtime.server";
import type { AppServices } from "~/server/services.server";
import { parseEnv } from "~/server/env.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { sql } from "drizzle-orm";
import { readSessionUser } from "~/kernel/session/read-session-user.server";
import { dashboardPageQuery } from "~/pages/dashboards/server/dashboard-page-query.server";
import { businessCardQuery } from "~/domains/workspace/server/business-card-query.server";
import { dashboardStatsQuery } from "~/domains/workspace/server/dashboard-stats-query.server";
import { profileSummaryQuery } from "~/domains/workspace/server/profile-summary-query.server";
import { runPageQuery } from "~/kernel/session/run-page-query.server";
import { salesMethodsQuery } from "~/domains/sales-methods/server/sales-methods-query.server";
import { createApp } from "../../server/create-app";
import { createHttpServer } from "../../server/request-limits";
import { requestContext } from "~/server/http/request-context.server";
import { runTestPayouts } from "~/domains/payouts/server/run-test-payouts.server";

type Request =
  | { id: number; op: "seed"; count: number; prefix: string; password?: string; sessions?: number }
  | { id: number; op: "product"; userId: string }
  | { id: number; op: "serve" }
  | { id: number; op: "record"; userId: string; details: Record<string, unknown> }
  | { id: number; op: "steps"; cookie: string; userId: string; rounds?: number }
  | { id: number; op: "sql"; text: string; params?: unknown[] }
  | { id: number; op: "payouts"; now?: string }
  | { id: number; op: "close" };

const env = parseEnv(process.env);
const location = env.DATABASE_URL
  ? { kind: "postgres" as const, url: env.DATABASE_URL }
  : { kind: "embedded" as const, dataDir: env.DATA_DIR };
const database = await openDatabase(location);
await migrateDatabase(database);
const logger = pino({ level: env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL });
const services = createServices({ env, db: database.db, listen: database.listen, logger });
let server: Server | undefined;

/** better-auth's signed cookie value (better-call signCookieValue): token.base64(HMAC-SHA256(secret, token)). */
function signedCookie(token: string): string {
  const signature = createHmac("sha256", env.AUTH_SECRET!).update(token).digest("base64");
  return `sellkit.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

async function seed({ count, prefix, password, sessions = 0 }: Extract<Request, { op: "seed" }>) {
  const ctx = await services.auth.$context;
  const hash = password ? await ctx.password.hash(password) : undefined; // one hash (random salt) for every account
  const users: { id: string; email: string; cookies: string[] }[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = `${prefix}-${index}@bench.example`;
    const created = await ctx.internalAdapter.createUser(
      { email, name: `Bench User${index}`, emailVerified: true },
      { method: "admin" },
    );
    if (hash)
      await ctx.internalAdapter.linkAccount({
        userId: created.id,
        providerId: "credential",
        accountId: created.id,
        password: hash,
      });
    await database.db.insert(businessProfiles).values({
      userId: created.id,
      storeName: `Bench Store ${index}`,
      businessDescription: "Benchmark account",
      businessTypes: ["online_store"],
      targetCustomers: "Benchmarks",
      phone: "+1 555 123 4567",
      preferredDelivery: [],
      preferredPayment: [],
      termsAcceptedAt: new Date(),
    });
    const cookies: string[] = [];
    for (let s = 0; s < sessions; s += 1) {
      const session = await ctx.internalAdapter.createSession(created.id, false, {
        ipAddress: "198.18.0.1",
        userAgent: "sellkit-bench",
      });
      cookies.push(signedCookie(session.token));
    }
    users.push({ id: created.id, email, cookies });
  }
  return users;
}

/**
 * The server-side work of one authenticated dashboard data read, step by step (mean ms over `rounds` after a
 * warm-up), on this process's database: where the time of GET /dashboard.data goes.
 */
async function steps({ cookie, userId, rounds = 300 }: Extract<Request, { op: "steps" }>) {
  const { db } = database;
  // A new Request each time: the session lookup is shared by the loaders of one request, not across requests.
  const request = () => new globalThis.Request("http://127.0.0.1/dashboard.data", { headers: { cookie } });
  const list: [string, () => Promise<unknown>][] = [
    ["database round trip (select 1)", () => db.execute(sql`select 1`)],
    [
      "better-auth getSession (for comparison: cookie, session, user)",
      () => services.auth.api.getSession({ headers: request().headers }),
    ],
    [
      "readSessionUser (one query: cookie, session, user, 2FA state)",
      () => readSessionUser(services, requestContext(request())),
    ],
    [
      "the dashboard read as it runs (one statement: session + page data)",
      () => readSessionUser(services, requestContext(request()), { page: dashboardPageQuery }),
    ],
    [
      "authorized_access event (insert + NOTIFY)",
      () =>
        recordSecurityEvent(
          db,
          {
            userId,
            eventType: "authorized_access",
            eventCategory: "authorization",
            severity: "low",
            riskScore: 0,
            details: { route: "/dashboard" },
          },
          {},
        ),
    ],
    ["profileSummaryQuery", () => runPageQuery(db, { userId }, profileSummaryQuery)],
    ["businessCardQuery", () => runPageQuery(db, { userId }, businessCardQuery)],
    ["salesMethodsQuery", () => runPageQuery(db, { userId }, salesMethodsQuery)],
    ["dashboardStatsQuery", () => runPageQuery(db, { userId }, dashboardStatsQuery)],
  ];
  const results: { step: string; ms: number }[] = [];
  for (const [step, run] of list) {
    for (let i = 0; i < 30; i += 1) await run();
    const started = performance.now();
    for (let i = 0; i < rounds; i += 1) await run();
    results.push({ step, ms: (performance.now() - started) / rounds });
  }
  return results;
}

/** The served app runs on the build's own modules: its services and database handle, not this process's sources. */
let served: { services: AppServices; close: () => Promise<void> } | undefined;

async function serve() {
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const runtime = (build.entry.module as unknown as { runtime: Runtime }).runtime;
  const handle = await runtime.openDatabase({ kind: "postgres", url: database.url });
  const servedServices = runtime.createServices({ env, db: handle.db, listen: handle.listen, logger });
  served = { services: servedServices, close: handle.close };
  const app = createApp({ runtime, services: servedServices, build, clientDir: path.resolve("build/client") });
  server = await new Promise<Server>((resolve) => {
    const s = createHttpServer(app).listen(env.PORT, env.HOST, () => resolve(s));
  });
  server.keepAliveTimeout = 65_000;
  return { origin: env.APP_URL };
}

async function close() {
  services.userEvents.close();
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
  }
  if (served) {
    served.services.userEvents.close();
    served.services.health.close();
    await served.services.mailer.close();
    await served.close();
  }
  services.health.close();
  await services.mailer.close();
  await database.close();
}

process.on("message", async (message: Request) => {
  try {
    let result: unknown;
    if (message.op === "seed") result = await seed(message);
    else if (message.op === "serve") result = await serve();
    else if (message.op === "product") {
      // A draft product of the user (bench/upload.mjs uploads its file).
      const rows = await database.pool.query(
        "insert into products (user_id, name, price_cents, currency) values ($1, 'Bench product', 900, 'USD') returning id",
        [message.userId],
      );
      result = rows.rows[0].id;
    } else if (message.op === "steps") result = await steps(message);
    else if (message.op === "sql") {
      const pool = (
        database.db as unknown as {
          $client: { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };
        }
      ).$client;
      result = (await pool.query(message.text, message.params)).rows;
    } else if (message.op === "payouts") {
      const started = performance.now();
      const run = await runTestPayouts(services, message.now ? new Date(message.now) : new Date());
      result = { ...run, ms: performance.now() - started };
    } else if (message.op === "record") {
      await recordSecurityEvent(
        database.db,
        {
          userId: message.userId,
          eventType: "bench_probe",
          eventCategory: "data",
          severity: "low",
          riskScore: 0,
          details: message.details,
        },
        {},
      );
    } else if (message.op === "close") {
      await close();
      process.send!({ id: message.id, ok: true }, () => process.exit(0));
      return;
    }
    process.send!({ id: message.id, ok: true, result });
  } catch (error) {
    process.send!({
      id: message.id,
      ok: false,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
process.send!({ ready: true });
