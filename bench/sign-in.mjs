// Sign-in throughput against the password hash ("sign-in bounded by the password hash alone").
// SIGN_IN_USERS (300) verified creators are seeded with one password; the production server is started on the
// embedded database (trusting loopback proxies, so each sign-in comes from its own client address); then
// SIGN_IN_SECONDS (10) of sign-ins over HTTP (POST /login, the no-JavaScript form) at SIGN_IN_CONCURRENCY (8),
// each on the next account, so no rate limit is reached. With the server idle, the same number of seconds of
// bare verifyPassword calls (better-auth's own scrypt, same parameters, node:crypto on libuv's thread pool) at
// the same concurrency, in this process. Budget: sign-ins/s ≥ 75% of scrypt verifications/s.
import { rmSync } from "node:fs";
import { verifyPassword } from "better-auth/crypto";
import { budgets, fmt, percentile, printTable, seedUsers } from "./support/common.mjs";
import { startServer, tempDataDir } from "./start-server.mjs";

const USERS = Number(process.env.SIGN_IN_USERS ?? 300);
const SECONDS = Number(process.env.SIGN_IN_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.SIGN_IN_CONCURRENCY ?? 8);
const PASSWORD = "Str0ng&Unusual!";
const BUDGET_RATIO = 0.75;

async function forSeconds(seconds, work) {
  const deadline = Date.now() + seconds * 1000;
  const latencies = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        if (await work().catch(() => false)) latencies.push(performance.now() - started);
        else errors += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

const check = budgets("sign-in");
const dataDir = tempDataDir();
let server;
try {
  const accounts = await seedUsers(
    { DATA_DIR: dataDir, DATABASE_URL: "" },
    { count: USERS, prefix: `signin-${Date.now()}`, password: PASSWORD },
  );
  server = await startServer({ LOG_LEVEL: "warn", TRUSTED_PROXIES: "loopback", DATABASE_URL: "" }, { dataDir });
  let next = 0;
  const signIns = await forSeconds(SECONDS, async () => {
    const index = next++;
    const account = accounts[index % accounts.length];
    const response = await fetch(`${server.origin}/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.origin,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": `198.18.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`,
      },
      body: new URLSearchParams({
        intent: "sign-in",
        email: account.email,
        password: PASSWORD,
        redirectTo: "/dashboard",
      }),
    });
    await response.arrayBuffer();
    return (
      response.status === 302 &&
      response.headers.getSetCookie().some((c) => c.startsWith("sellkit.session_token=") && c.length > 40)
    );
  });
  await server.stop();
  server = undefined;

  const { hashPassword } = await import("better-auth/crypto");
  const hash = await hashPassword(PASSWORD);
  const scrypt = await forSeconds(SECONDS, () => verifyPassword({ hash, password: PASSWORD }));

  printTable([
    ["", "per second", "p50 ms", "p99 ms", "errors"],
    [
      `sign-ins over HTTP (${CONCURRENCY} at once)`,
      fmt(signIns.perSecond),
      fmt(signIns.p50),
      fmt(signIns.p99),
      signIns.errors,
    ],
    [
      `bare scrypt verifications (${CONCURRENCY} at once)`,
      fmt(scrypt.perSecond),
      fmt(scrypt.p50),
      fmt(scrypt.p99),
      scrypt.errors,
    ],
  ]);
  const ratio = signIns.perSecond / scrypt.perSecond;
  check.check("sign-ins without errors", signIns.errors === 0, String(signIns.errors));
  check.check(
    `sign-ins/s ≥ ${BUDGET_RATIO * 100}% of bare scrypt/s`,
    ratio >= BUDGET_RATIO,
    `${fmt(signIns.perSecond)} vs ${fmt(scrypt.perSecond)} = ${fmt(ratio * 100, 0)}%`,
  );
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
check.finish();
