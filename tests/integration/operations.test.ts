import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createEmptyPostgresDatabase } from "../support/test-database";
import { startTestServer } from "../support/test-server";

const run = promisify(execFile);
const temp = mkdtempSync(path.join(tmpdir(), "sellkit-ops-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const POSTGRES = process.env.TEST_DATABASE_URL;

describe("health endpoints", () => {
  it("/healthz says the process is up and /readyz that the database answers", async () => {
    const server = await startTestServer();
    try {
      const live = await server.request("/healthz");
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: "ok" });
      const ready = await server.request("/readyz");
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", database: "up", stopping: false });
      expect(ready.headers.get("cache-control")).toBe("no-store");
    } finally {
      await server.stop();
    }
  });

  it("open event streams end when the process shuts down (they must not hold the server open)", async () => {
    const server = await startTestServer();
    try {
      let closed = false;
      await server.services.securityEvents.subscribe("someone", () => {}, () => (closed = true));
      server.services.securityEvents.close();
      expect(closed).toBe(true);
      await expect(server.services.securityEvents.subscribe("someone", () => {})).rejects.toThrow("shutting down");
    } finally {
      await server.stop();
    }
  });
});

describe("embedded database backup and restore (npm run db:backup / db:restore)", () => {
  it("restores exactly what was backed up, and keeps the replaced database aside", async () => {
    const source = path.join(temp, "source");
    await run(process.execPath, ["build/runtime/main.js", "--migrate-only"], { env: { ...process.env, DATA_DIR: source, DATABASE_URL: "" } });
    const original = await PGlite.create({ dataDir: path.join(source, "pglite") });
    await original.query("insert into contact_messages (name, email, subject, message) values ('Ada', 'ada@example.com', 'Backup', 'Keep me')");
    await original.close();

    const file = path.join(temp, "backup.tar.gz");
    const backup = await run(process.execPath, ["scripts/db-backup.mjs", file], { env: { ...process.env, DATA_DIR: source, DATABASE_URL: "" } });
    expect(backup.stdout).toMatch(/Backed up .* \(\d+ migrations applied\)/);

    const target = path.join(temp, "target");
    await run(process.execPath, ["build/runtime/main.js", "--migrate-only"], { env: { ...process.env, DATA_DIR: target, DATABASE_URL: "" } });
    const restore = await run(process.execPath, ["scripts/db-restore.mjs", file], { env: { ...process.env, DATA_DIR: target, DATABASE_URL: "" } });
    expect(restore.stdout).toContain("The current database was moved to");

    const restored = await PGlite.create({ dataDir: path.join(target, "pglite") });
    const { rows } = await restored.query<{ subject: string; message: string }>("select subject, message from contact_messages");
    await restored.close();
    expect(rows).toEqual([{ subject: "Backup", message: "Keep me" }]);
  });

  it("refuses without a file, and on PostgreSQL points to pg_dump", async () => {
    await expect(run(process.execPath, ["scripts/db-restore.mjs"], { env: { ...process.env, DATA_DIR: temp, DATABASE_URL: "" } })).rejects.toMatchObject({ code: 1 });
    await expect(run(process.execPath, ["scripts/db-backup.mjs"], { env: { ...process.env, DATABASE_URL: "postgres://x@127.0.0.1/x" } })).rejects.toMatchObject({
      stderr: expect.stringContaining("pg_dump"),
    });
  });
});

// These need a PostgreSQL server (CI runs them with TEST_DATABASE_URL): PGlite is in-process, so it can
// neither be migrated by two processes at once nor become unreachable.
describe.runIf(Boolean(POSTGRES))("on PostgreSQL", () => {
  it("two db:migrate runs started at once both succeed and apply each migration once (advisory lock)", async () => {
    const database = await createEmptyPostgresDatabase(POSTGRES!);
    try {
      const env = { ...process.env, DATABASE_URL: database.url };
      const results = await Promise.all([0, 1].map(() => run(process.execPath, ["build/runtime/main.js", "--migrate-only"], { env })));
      for (const result of results) expect(result.stdout).toContain("Migrations applied (database: postgres)");
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query("select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash");
      await client.end();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.n === 1)).toBe(true);
    } finally {
      await database.drop();
    }
  });

  it("answers 503 while the database is unreachable and recovers without a restart", async () => {
    const database = await createEmptyPostgresDatabase(POSTGRES!);
    // A TCP proxy in front of PostgreSQL that the test can cut and restore.
    const upstream = new URL(database.url);
    const sockets = new Set<net.Socket>();
    let open = true;
    const proxy = net.createServer((client) => {
      if (!open) return client.destroy();
      const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
      sockets.add(client).add(server);
      client.pipe(server).pipe(client);
      const end = () => (client.destroy(), server.destroy());
      client.on("error", end).on("close", end);
      server.on("error", end).on("close", end);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const proxied = new URL(database.url);
    proxied.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    const app = spawn(process.execPath, ["build/runtime/main.js"], {
      env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", DATABASE_URL: proxied.toString(), LOG_LEVEL: "silent" },
    });
    let stdout = "";
    app.stdout.on("data", (chunk) => (stdout += chunk));
    try {
      await expect.poll(() => stdout, { timeout: 30_000 }).toMatch(/running at/);
      const origin = /running at (http:\/\/localhost:\d+)/.exec(stdout)![1]!.replace("localhost", "127.0.0.1");
      expect((await fetch(`${origin}/readyz`)).status).toBe(200);
      expect((await fetch(`${origin}/auth`)).status).toBe(200);

      open = false;
      for (const socket of sockets) socket.destroy();
      const during = await fetch(`${origin}/dashboard`, { headers: { cookie: "sellkit.session_token=abc.def", accept: "text/html" } });
      expect(during.status).toBe(503);
      const page = await fetch(`${origin}/auth`, { headers: { accept: "text/html" } });
      expect(page.status).toBe(503);
      expect(await page.text()).toContain("Sellkit is temporarily unavailable");
      const api = await fetch(`${origin}/api/auth/get-session`, { headers: { accept: "application/json" } });
      expect(api.status).toBe(503);
      expect(await api.json()).toMatchObject({ error: expect.stringContaining("database") });
      expect((await fetch(`${origin}/readyz`)).status).toBe(503);
      expect((await fetch(`${origin}/pricing`)).status).toBe(200); // prerendered pages still served

      open = true;
      await expect.poll(async () => (await fetch(`${origin}/readyz`)).status, { timeout: 15_000, interval: 250 }).toBe(200);
      await expect.poll(async () => (await fetch(`${origin}/auth`)).status, { timeout: 5_000 }).toBe(200);
    } finally {
      app.kill("SIGTERM");
      await new Promise((resolve) => app.on("exit", resolve));
      proxy.close();
      for (const socket of sockets) socket.destroy();
      await database.drop();
    }
  });
});
