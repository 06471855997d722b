import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { Agent, request } from "node:http";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "~/db/embedded-postgres.server";
import { createEmptyPostgresDatabase } from "../../support/test-database";

/**
 * What the server acknowledged survives `kill -9`, the data directory opens again after it, and
 * SIGTERM lets in-flight requests finish. The server is the real process (`node build/runtime/main.js`).
 */
const temp = mkdtempSync(path.join(tmpdir(), "sellkit-crash-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const POSTGRES = process.env.TEST_DATABASE_URL; // the run's server (embedded, or CI's)

/** Runs `query` on the embedded PostgreSQL of `dataDir` (started for it, then stopped): what a restart finds. */
async function readEmbedded<T extends pg.QueryResultRow>(dataDir: string, query: string): Promise<T[]> {
  const server = await startEmbeddedPostgres({ dataDir });
  const client = new pg.Client({ connectionString: server.url });
  try {
    await client.connect();
    return (await client.query<T>(query)).rows;
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
  }
}

/** The pid of the embedded PostgreSQL server of `dataDir` (its postmaster.pid), if the file exists. */
function postmasterPid(dataDir: string): number | null {
  const file = path.join(dataDir, "postgres", "postmaster.pid");
  return existsSync(file) ? Number(readFileSync(file, "utf8").split("\n")[0]) : null;
}

/** Running (an exited process that nobody reaped yet, a zombie, is not). */
function isAlive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]![0] !== "Z";
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, ms: number): Promise<boolean> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
const THANKS = "Thank you for your message!";

type ServerProcess = {
  child: ChildProcessWithoutNullStreams;
  origin: string;
  exited: Promise<number | null>;
  output: () => string;
};

/**
 * Starts the production server on a free port with `env` (the embedded PostgreSQL in DATA_DIR unless DATABASE_URL is
 * set).
 */
async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["build/runtime/main.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "silent",
      TRUSTED_PROXIES: "loopback",
      ...env,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const started = Date.now();
  while (!/running at http:\/\/localhost:\d+/.test(output)) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output}`);
    if (Date.now() - started > 60_000) throw new Error(`the server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const origin = /running at (http:\/\/localhost:\d+)/.exec(output)![1]!.replace("localhost", "127.0.0.1");
  return { child, origin, exited, output: () => output };
}

let ipCounter = 0;
/** A fresh client address per message (the contact form's per-IP limit; the server trusts loopback proxies). */
function nextIp(): string {
  ipCounter += 1;
  return `198.19.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

let senderCounter = 0;
/** A fresh sender per message as well: the contact form is limited per sender email too. */
function contactBody(subject: string): string {
  senderCounter += 1;
  return new URLSearchParams({
    name: "Ada Lovelace",
    email: `ada-${senderCounter}@example.com`,
    subject,
    message: `Durable message ${subject}`,
  }).toString();
}

/** Posts one contact message; true when the server acknowledged it (200 and the thank-you page). */
async function postContact(origin: string, subject: string): Promise<boolean> {
  const response = await fetch(`${origin}/contact`, {
    method: "POST",
    body: contactBody(subject),
    headers: { origin, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextIp() },
    redirect: "manual",
  });
  const page = await response.text();
  return response.status === 200 && page.includes(THANKS);
}

/**
 * Sends contact messages from `workers` parallel clients until the process is killed with SIGKILL once `killAfter`
 * were acknowledged. Returns the acknowledged subjects and how many requests were cut off by the kill.
 */
async function burstThenKill(server: ServerProcess, tag: string, killAfter: number, workers = 8) {
  const acknowledged: string[] = [];
  let sent = 0;
  let cutOff = 0;
  let killed = false;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!killed) {
        const subject = `${tag}-${sent++}`;
        try {
          if (await postContact(server.origin, subject)) acknowledged.push(subject);
        } catch {
          cutOff += 1; // the connection died with the process: not acknowledged, may or may not be stored
          if (killed) return;
        }
        if (acknowledged.length >= killAfter && !killed) {
          killed = true;
          server.child.kill("SIGKILL");
        }
      }
    }),
  );
  expect(await server.exited).toBeNull(); // killed by a signal, no exit code
  expect(server.child.signalCode).toBe("SIGKILL");
  return { acknowledged, sent, cutOff };
}

describe("kill -9 during a burst of writes", () => {
  it("of the app, on the embedded database: its server stops with the app, starts again, and every acknowledged write is there", async () => {
    const dataDir = path.join(temp, "embedded-burst");
    const first = await startServer({ DATA_DIR: dataDir });
    const serverPid = postmasterPid(dataDir)!;
    expect(isAlive(serverPid)).toBe(true);
    const started = Date.now();
    const burst = await burstThenKill(first, "embedded", 60);
    const burstMs = Date.now() - started;
    expect(burst.acknowledged.length).toBeGreaterThanOrEqual(60);
    // No orphaned postmaster: the watcher stops the server when the app dies, even by kill -9.
    expect(await waitUntil(() => !isAlive(serverPid), 10_000)).toBe(true);

    // Starts cleanly on the same directory after the crash, answers, and takes new writes.
    const second = await startServer({ DATA_DIR: dataDir });
    expect((await fetch(`${second.origin}/readyz`)).status).toBe(200);
    expect(await postContact(second.origin, "after-restart")).toBe(true);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);

    const stored = new Set(
      (await readEmbedded<{ subject: string }>(dataDir, "select subject from contact_messages")).map(
        (row) => row.subject,
      ),
    );
    expect(burst.acknowledged.filter((subject) => !stored.has(subject))).toEqual([]);
    expect(stored.has("after-restart")).toBe(true);
    // The support mail of every acknowledged message was queued durably too (the outbox row is written before the
    // answer).
    const queued = new Set(
      (await readEmbedded<{ subject: string }>(dataDir, "select subject from mail_outbox")).map((row) => row.subject),
    );
    expect(burst.acknowledged.filter((subject) => !queued.has(`[Contact] ${subject}`))).toEqual([]);
    console.log(
      `[crash] app kill -9, embedded: ${burst.sent} sent, ${burst.acknowledged.length} acknowledged, ${burst.cutOff} cut off, ${stored.size - 1} stored, burst ${burstMs} ms`,
    );
  }, 120_000);

  it("of the embedded PostgreSQL server: the app starts it again and every acknowledged write is there", async () => {
    const dataDir = path.join(temp, "embedded-server-kill");
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const acknowledged: string[] = [];
      let sent = 0;
      let killedAt = 0;
      const firstPid = postmasterPid(dataDir)!;
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          while (Date.now() - (killedAt || Date.now()) < 3_000) {
            const subject = `pgkill-${sent++}`;
            if (await postContact(server.origin, subject).catch(() => false)) acknowledged.push(subject);
            if (acknowledged.length >= 40 && !killedAt) {
              killedAt = Date.now();
              process.kill(firstPid, "SIGKILL");
            }
          }
        }),
      );
      // The app restarted its server (a new postmaster) and serves again without a restart of its own.
      expect(await waitUntil(() => (postmasterPid(dataDir) ?? firstPid) !== firstPid, 20_000)).toBe(true);
      let ready = false;
      for (let i = 0; i < 100 && !ready; i++) {
        ready = (await fetch(`${server.origin}/readyz`)).status === 200;
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ready).toBe(true);
      expect(await postContact(server.origin, "after-server-restart")).toBe(true);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      const stored = new Set(
        (await readEmbedded<{ subject: string }>(dataDir, "select subject from contact_messages")).map(
          (row) => row.subject,
        ),
      );
      expect(acknowledged.filter((subject) => !stored.has(subject))).toEqual([]);
      expect(stored.has("after-server-restart")).toBe(true);
      console.log(
        `[crash] postgres kill -9, embedded: ${sent} sent, ${acknowledged.length} acknowledged, ${stored.size - 1} stored`,
      );
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    }
  }, 120_000);

  // On an external PostgreSQL the database is another process that keeps running: only the application dies,
  // with transactions in flight. The test uses a throwaway database on the run's server.
  it("of the app, on an external PostgreSQL: every acknowledged write is there after the application is killed and restarted", async () => {
    const database = await createEmptyPostgresDatabase(POSTGRES!);
    const url = new URL(database.url);
    try {
      const env = { DATABASE_URL: url.toString(), DATA_DIR: path.join(temp, "postgres-secret") };
      const first = await startServer(env);
      const started = Date.now();
      const burst = await burstThenKill(first, "postgres", 60);
      const burstMs = Date.now() - started;
      const second = await startServer(env);
      expect((await fetch(`${second.origin}/readyz`)).status).toBe(200);
      expect(await postContact(second.origin, "after-restart")).toBe(true);
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);

      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query<{ subject: string }>("select subject from contact_messages");
        const stored = new Set(rows.map((row) => row.subject));
        expect(burst.acknowledged.filter((subject) => !stored.has(subject))).toEqual([]);
        const mail = await client.query<{ subject: string }>("select subject from mail_outbox");
        const queued = new Set(mail.rows.map((row) => row.subject));
        expect(burst.acknowledged.filter((subject) => !queued.has(`[Contact] ${subject}`))).toEqual([]);
        console.log(
          `[crash] PostgreSQL: ${burst.sent} sent, ${burst.acknowledged.length} acknowledged, ${burst.cutOff} cut off by kill -9, ${stored.size - 1} stored, burst ${burstMs} ms`,
        );
      } finally {
        await client.end();
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});

/**
 * SIGTERM with slow uploads (headers and half of each body sent, the rest after the signal) and ordinary requests
 * in flight: all must be answered with a success, their writes stored, and the process must exit 0 within the
 * grace period. `keepAlive`: the clients keep their connections open after the answer, as browsers do.
 */
async function sigtermWithRequestsInFlight(name: string, keepAlive: boolean) {
  const dataDir = path.join(temp, name);
  const server = await startServer({ DATA_DIR: dataDir });
  const { port } = new URL(server.origin);
  const agent = new Agent({ keepAlive });
  const send = (method: string, pathname: string, body?: string) => {
    let finishBody = () => {};
    const answered = new Promise<{ status: number; page: string }>((resolve, reject) => {
      const headers: Record<string, string> = { origin: server.origin, "x-forwarded-for": nextIp() };
      if (body)
        Object.assign(headers, {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
        });
      const req = request({ host: "127.0.0.1", port, path: pathname, method, agent, headers }, (res) => {
        let page = "";
        res.on("data", (chunk) => (page += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, page }));
      });
      req.on("error", reject);
      if (body) req.write(body.slice(0, 20));
      finishBody = () => req.end(body?.slice(20));
    });
    return { answered, finishBody: () => finishBody() };
  };
  try {
    const slow = Array.from({ length: 6 }, (_, i) => send("POST", "/contact", contactBody(`in-flight-${i}`)));
    // Ordinary requests started just before the signal: pages rendered per request, a guard, a session read, a write.
    const quick = [
      send("GET", "/auth"),
      send("GET", "/dashboard"),
      send("GET", "/api/auth/get-session"),
      send("POST", "/contact", contactBody("in-flight-quick")),
    ];
    for (const request of quick) request.finishBody();
    // Every connection made so far has been accepted by the server once a later one is answered (the listen backlog
    // is first in, first out). A connection still in the backlog when the signal closes the listening socket is
    // reset by the kernel — not a request the server had started — and a fixed 200 ms wait was too short for that
    // on a slow day (CI: ECONNRESET on the uploads).
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    // With keep-alive the quick requests are let finish first: their connections are then idle ones a browser would
    // keep (what this variant is about), and the server has surely accepted the slow uploads' connections, made
    // earlier. Without that wait, on a loaded machine (CI's PostgreSQL pass) a connection still in the listen
    // backlog at the signal was reset with the listening socket: not a request the server had started.
    if (keepAlive) await Promise.all(quick.map((request) => request.answered));
    const stopAsked = Date.now();
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(server.child.exitCode).toBeNull(); // still serving what is in flight
    for (const upload of slow) upload.finishBody();
    for (const answer of await Promise.all(slow.map((upload) => upload.answered))) {
      expect(answer.status).toBe(200);
      expect(answer.page).toContain(THANKS);
    }
    for (const answer of await Promise.all(quick.map((request) => request.answered))) {
      expect(answer.status).toBeGreaterThanOrEqual(200);
      expect(answer.status).toBeLessThan(400);
    }
    const code = await server.exited;
    const shutdownMs = Date.now() - stopAsked;
    expect({ code, withinGrace: shutdownMs < 10_000 }).toEqual({ code: 0, withinGrace: true }); // SHUTDOWN_GRACE_MS in server/main.ts
    const rows = await readEmbedded<{ subject: string }>(
      dataDir,
      "select subject from contact_messages where subject like 'in-flight-%' order by subject",
    );
    expect(rows.map((row) => row.subject)).toEqual([
      "in-flight-0",
      "in-flight-1",
      "in-flight-2",
      "in-flight-3",
      "in-flight-4",
      "in-flight-5",
      "in-flight-quick",
    ]);
    console.log(
      `[crash] SIGTERM (${keepAlive ? "keep-alive" : "closing"} connections) with ${slow.length + quick.length} requests in flight: all answered, exit 0 after ${shutdownMs} ms`,
    );
  } finally {
    agent.destroy();
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  }
}

describe("SIGTERM with requests in flight", () => {
  it("lets every in-flight request finish with a success answer, then exits 0 within the grace period", async () => {
    await sigtermWithRequestsInFlight("embedded-sigterm", false);
  }, 60_000);

  /**
   * Found by this test: a keep-alive connection that was busy when the signal came became idle after its answer
   * and stayed open (keepAliveTimeout 65 s), so server.close() never called back and the force exit ended the
   * process with code 1. server/main.ts now keeps closing idle connections while stopping.
   */
  it("also when the clients keep their connections alive (as browsers do)", async () => {
    await sigtermWithRequestsInFlight("embedded-sigterm-keepalive", true);
  }, 60_000);
});
