// Live security events at scale (an event reaches the open tabs "within a second"):
// SSE_USERS (1,000) creators each with SSE_TABS (1) open streams on /api/security/events, then SSE_EVENTS (500)
// security events written for random users at SSE_RATE per second (50), each through recordSecurityEvent
// (insert + NOTIFY) in the server process, as a request handler would. Delivery latency = from the moment the
// write is asked for to the moment the stream of that user yields the event (client side). A delivery not seen
// within 5 s of the last write is missed. Budget: p99 < 200 ms, 0 missed, and no stream gets another user's event.
//
// The server is the app of server/create-app.ts with the production build, run by bench/support/app-process.ts
// (tsx) on a fresh embedded database: the benchmark needs to write events into the same process as the
// embedded database. Users and sessions are created there through better-auth's
// internal adapter; each stream authenticates with the signed session cookie.
// Then SSE_ENDS (100) of those users sign out over HTTP (POST /logout, 10 at a time): each of their
// streams must end — the session's DELETE is announced by the database and the hub closes its streams — and an
// event written for them afterwards reaches none. Latency = from the logout request to the end of the stream.
// Budget: p99 < 1 s, none left open.
// Env: SSE_USERS, SSE_TABS, SSE_EVENTS, SSE_RATE, SSE_ENDS, BENCH_NO_FAIL=1.
import http from "node:http";
import { rmSync } from "node:fs";
import { budgets, fmt, percentile, printTable, startAppProcess } from "./support/common.mjs";
import { tempDataDir } from "./start-server.mjs";

const USERS = Number(process.env.SSE_USERS ?? 1000);
const DELIVERY_P99_BUDGET_MS = 200;
const TABS = Number(process.env.SSE_TABS ?? 1);
const EVENTS = Number(process.env.SSE_EVENTS ?? 500);
const RATE = Number(process.env.SSE_RATE ?? 50);
const ENDS = Number(process.env.SSE_ENDS ?? 100);
const GRACE_MS = 5_000;

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens one event stream; `onEvent(data)` for each security event, `onEnd()` when the server ends it; resolves
 * once the `ready` event arrived.
 */
function openStream(origin, cookie, onEvent, onEnd = () => {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${origin}/api/security/events`,
      { agent, headers: { cookie, accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`stream answered ${response.statusCode}`));
        }
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (chunk) => {
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event === "ready") resolve(request);
            else if (event === "security-event" && data) onEvent(JSON.parse(data));
          }
        });
        response.on("end", () => onEnd());
        response.on("error", () => undefined);
      },
    );
    request.on("error", reject);
  });
}

const dataDir = tempDataDir();
const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" });
const check = budgets("sse");
const streams = [];
try {
  let started = Date.now();
  const users = await app.request("seed", { count: USERS, prefix: `sse-${Date.now()}`, sessions: TABS });
  const seedSeconds = (Date.now() - started) / 1000;
  await app.request("serve");

  const sent = new Map(); // seq → { userId, at, received: count }
  const latencies = [];
  let foreign = 0;
  let duplicates = 0;

  started = Date.now();
  const queue = users.flatMap((user) => user.cookies.map((cookie) => ({ user, cookie })));
  const endedAt = new Map(); // cookie → when its stream ended
  const lateEvents = []; // events received by a stream after its logout was asked for
  const logoutAt = new Map(); // cookie → when its logout was asked for
  const openOne = async ({ user, cookie }) => {
    const request = await openStream(
      app.origin,
      cookie,
      (event) => {
        if (logoutAt.has(cookie)) lateEvents.push(event);
        const at = performance.now();
        const write = sent.get(event.details?.seq);
        if (!write) return;
        if (write.userId !== user.id) {
          foreign += 1;
          return;
        }
        if (write.seen.has(cookie)) {
          duplicates += 1;
          return;
        }
        write.seen.add(cookie);
        latencies.push(at - write.at);
      },
      () => endedAt.set(cookie, performance.now()),
    );
    streams.push(request);
  };
  for (let index = 0; index < queue.length; index += 50) await Promise.all(queue.slice(index, index + 50).map(openOne));
  const openSeconds = (Date.now() - started) / 1000;
  console.log(
    `${streams.length} streams open (${USERS} users × ${TABS} tabs) in ${fmt(openSeconds)} s; seeding took ${fmt(seedSeconds)} s`,
  );

  const writes = [];
  const interval = 1000 / RATE;
  const firstWrite = performance.now();
  for (let seq = 1; seq <= EVENTS; seq += 1) {
    const user = users[Math.floor(Math.random() * users.length)];
    sent.set(seq, { userId: user.id, at: performance.now(), seen: new Set() });
    writes.push(app.request("record", { userId: user.id, details: { seq } }));
    const due = firstWrite + seq * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await Promise.all(writes);
  const expected = EVENTS * TABS;
  const graceEnd = Date.now() + GRACE_MS;
  while (latencies.length < expected && Date.now() < graceEnd) await sleep(50);
  const missed = expected - latencies.length;
  const sorted = latencies.sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  console.log(`\n${EVENTS} events written at ${RATE}/s for random users; ${expected} deliveries expected\n`);
  printTable([
    ["streams", "events", "delivered", "missed", "foreign", "p50 ms", "p90 ms", "p99 ms", "max ms"],
    [
      streams.length,
      EVENTS,
      latencies.length,
      missed,
      foreign,
      fmt(p50),
      fmt(percentile(sorted, 90)),
      fmt(p99),
      fmt(sorted.at(-1)),
    ],
  ]);
  console.log("");
  check.figure("open streams", `${streams.length} (${USERS} users × ${TABS}), opened in ${fmt(openSeconds)} s`);
  check.figure("delivery p50 ms", fmt(p50));
  check.check(`delivery p99 < ${DELIVERY_P99_BUDGET_MS} ms`, p99 < DELIVERY_P99_BUDGET_MS, `${fmt(p99)} ms`);
  check.check(
    "0 missed deliveries",
    missed === 0 && duplicates === 0,
    `${missed} missed, ${duplicates} duplicated of ${expected}`,
  );
  check.check("no event on another user's stream", foreign === 0, `${foreign}`);

  // Sign-outs: every stream of the session ends at once, and nothing written afterwards reaches it.
  const leaving = users.slice(0, Math.min(ENDS, users.length));
  const logout = (cookie) =>
    new Promise((resolve, reject) => {
      logoutAt.set(cookie, performance.now());
      const request = http.request(
        `${app.origin}/logout`,
        {
          method: "POST",
          agent,
          headers: {
            cookie,
            origin: app.origin,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": "0",
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode));
        },
      );
      request.on("error", reject);
      request.end();
    });
  const endsStarted = Date.now();
  const statuses = [];
  for (let index = 0; index < leaving.length; index += 10)
    statuses.push(...(await Promise.all(leaving.slice(index, index + 10).flatMap((user) => user.cookies.map(logout)))));
  const leavingCookies = leaving.flatMap((user) => user.cookies);
  const endGraceEnd = Date.now() + GRACE_MS;
  while (leavingCookies.some((cookie) => !endedAt.has(cookie)) && Date.now() < endGraceEnd) await sleep(20);
  for (const user of leaving) await app.request("record", { userId: user.id, details: { afterLogout: true } });
  await sleep(500);
  const endLatencies = leavingCookies
    .filter((cookie) => endedAt.has(cookie))
    .map((cookie) => endedAt.get(cookie) - logoutAt.get(cookie))
    .sort((a, b) => a - b);
  const leftOpen = leavingCookies.length - endLatencies.length;
  const stillOpen = queue.length - endedAt.size;
  console.log(
    `\n${leaving.length} users signed out (POST /logout, 10 at a time, ${fmt((Date.now() - endsStarted) / 1000)} s); ${leavingCookies.length} streams must end\n`,
  );
  printTable([
    ["logouts", "answers", "ended", "left open", "late events", "p50 ms", "p99 ms", "max ms", "others open"],
    [
      leaving.length,
      [...new Set(statuses)].join("/"),
      endLatencies.length,
      leftOpen,
      lateEvents.filter((event) => event.details?.afterLogout).length,
      fmt(percentile(endLatencies, 50)),
      fmt(percentile(endLatencies, 99)),
      fmt(endLatencies.at(-1)),
      stillOpen,
    ],
  ]);
  console.log("");
  check.check(
    "stream end after logout p99 < 1000 ms",
    endLatencies.length > 0 && percentile(endLatencies, 99) < 1000,
    `${fmt(percentile(endLatencies, 99))} ms`,
  );
  check.check(
    "every signed-out stream ended, no event after logout, the others open",
    leftOpen === 0 && lateEvents.length === 0 && stillOpen === queue.length - leavingCookies.length,
    `${leftOpen} left open, ${lateEvents.length} late events, ${stillOpen} others open`,
  );
} finally {
  for (const request of streams) request.destroy();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
check.finish();
