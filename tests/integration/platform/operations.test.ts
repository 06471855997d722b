import { execFile, spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { gzipSync } from "node:zlib";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "~/db/embedded-postgres.server";
import { MIGRATIONS_FOLDER, openDatabase } from "~/db/open-database.server";
import type { Query } from "~/db/public-tables.server";
import { publicRows } from "../../support/public-rows";
import { createEmptyPostgresDatabase, createTestDatabase } from "../../support/test-database";
import { startTestServer } from "../../support/test-server";

const run = promisify(execFile);
/** How many migrations drizzle/ holds (the backup and restore lines name it). */
const MIGRATIONS = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }
).entries.length;
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
      await server.services.userEvents.subscribe(
        "someone",
        () => {},
        () => (closed = true),
      );
      server.services.userEvents.close();
      expect(closed).toBe(true);
      await expect(server.services.userEvents.subscribe("someone", () => {})).rejects.toThrow("shutting down");
    } finally {
      await server.stop();
    }
  });
});

// `npm run db:backup` / `db:restore`: our own logical format (the embedded package ships no
// pg_dump), on the embedded server (running or not) and on DATABASE_URL.
// The scripts run as a developer runs them (NODE_ENV=test: no AUTH_SECRET needed), whatever this worker's mode.
const scriptEnv = (env: Record<string, string>) => ({ ...process.env, NODE_ENV: "test", ...env });
const backupEnv = (env: Record<string, string>) => scriptEnv({ DATABASE_URL: "", DATA_DIR: "", ...env });
const backUp = (file: string, env: Record<string, string>) =>
  run(process.execPath, ["scripts/db-backup.mjs", file], { env: backupEnv(env) });
const restore = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ["scripts/db-restore.mjs", ...args], { env: backupEnv(env) });

async function withPostgres<T>(url: string, work: (client: pg.Client, query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client, async (sql, params) => (await client.query(sql, params)).rows);
  } finally {
    await client.end();
  }
}

/** A creator with a session, profile, sales method, avatar and security events (values of every kind of column). */
async function writeCreator(client: pg.Client, n: number) {
  const id = `user-${n}`;
  await client.query("begin");
  await client.query(`insert into "user" (id, name, email, email_verified) values ($1, $2, $3, true)`, [
    id,
    `Ünïcode "${n}" \\ 🎉`,
    `creator-${n}@example.com`,
  ]);
  await client.query(
    `insert into session (id, expires_at, token, user_id, last_active_at) values ($1, now() + interval '7 days', $1, $2, clock_timestamp())`,
    [`session-${n}`, id],
  );
  await client.query(`insert into profiles (user_id, first_name, date_of_birth) values ($1, 'Ada', '1815-12-10')`, [
    id,
  ]);
  await client.query(
    `insert into sales_methods (user_id, method, settings) values ($1, 'online_store', '{"big":12345678901234567890,"list":[1,2.5]}')`,
    [id],
  );
  await client.query(
    `insert into avatars (user_id, content_type, bytes) values ($1, 'image/png', decode('89504e470d0a1a0a00ff', 'hex'))`,
    [id],
  );
  await client.query(
    `insert into two_factor (user_id, secret_encrypted, last_used_step) values ($1, 'secret', 9007199254740993)`,
    [id],
  );
  await client.query(
    `insert into security_audit (user_id, event_type, event_category, severity, details) select $1, 'sign_in', 'authentication', 'low', jsonb_build_object('i', i) from generate_series(1, 3) i`,
    [id],
  );
  await client.query("commit");
}

describe("database backup and restore (npm run db:backup / db:restore)", () => {
  it("embedded: a backup taken while the app runs restores exactly (later rows are not in it), and the replaced database is kept aside", {
    timeout: 90_000,
  }, async () => {
    const source = path.join(temp, "backup-source");
    await run(process.execPath, ["build/runtime/main.js", "--migrate-only"], { env: backupEnv({ DATA_DIR: source }) });
    // The embedded server runs (as under the app) while the backup is taken.
    const server = await startEmbeddedPostgres({ dataDir: source });
    const file = path.join(temp, "embedded.jsonl.gz");
    let backedUp: Record<string, string>;
    try {
      backedUp = await withPostgres(server.url, async (client, query) => {
        for (let n = 1; n <= 3; n += 1) await writeCreator(client, n);
        const rows = await publicRows(query);
        const backup = await backUp(file, { DATA_DIR: source });
        // 28 rows: the three creators' and the start-up's record of the security fixes (the audit card's 'Fixed:').
        expect(backup.stdout).toMatch(
          new RegExp(
            String.raw`^Backed up \d+ tables, 28 rows \(${MIGRATIONS} migrations applied\) from the running embedded PostgreSQL in .* to .*embedded\.jsonl\.gz \(.+\)`,
          ),
        );
        await writeCreator(client, 4); // after the backup: must not come back
        await expect(restore([file], { DATA_DIR: source })).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining("is running: stop the app first"),
        });
        return rows;
      });
    } finally {
      await server.stop();
    }
    expect(statSync(file).mode & 0o777).toBe(0o600); // password hashes and session tokens inside

    const target = path.join(temp, "backup-target");
    await run(process.execPath, ["build/runtime/main.js", "--migrate-only"], { env: backupEnv({ DATA_DIR: target }) });
    const restored = await restore([file], { DATA_DIR: target });
    expect(restored.stdout).toMatch(
      new RegExp(
        String.raw`^Restored \d+ tables, 28 rows \(${MIGRATIONS} migrations\) from .* into the embedded PostgreSQL in .* in [\d.]+ s\.\nThe previous database is kept at .*postgres\.before-restore-\d{8}T\d{6}Z\.\n$`,
      ),
    );
    expect(readdirSync(target).filter((name) => name.startsWith("postgres.before-restore-"))).toHaveLength(1);

    const restoredServer = await startEmbeddedPostgres({ dataDir: target });
    try {
      const rows = await withPostgres(restoredServer.url, (_client, query) => publicRows(query));
      expect(rows).toEqual(backedUp);
      expect(rows.user).not.toContain("creator-4@");
    } finally {
      await restoredServer.stop();
    }
  });

  it("DATABASE_URL: a backup taken while writes continue is one consistent snapshot; restore refuses a database with data unless --force", {
    timeout: 90_000,
  }, async () => {
    const source = await createTestDatabase();
    const empty = await createEmptyPostgresDatabase();
    try {
      // Enough rows that the backup takes a while, and a writer adding a creator (7 tables) per transaction.
      await source.pool.query(`insert into "user" (id, name, email) values ('bulk', 'Bulk', 'bulk@example.com')`);
      await source.pool.query(
        `insert into security_audit (user_id, event_type, event_category, severity, details) select 'bulk', 'sign_in', 'authentication', 'low', jsonb_build_object('i', i) from generate_series(1, 30000) i`,
      );
      let written = 0;
      let writing = true;
      const writer = withPostgres(source.url, async (client) => {
        while (writing) {
          written += 1;
          await writeCreator(client, written);
        }
      });
      await expect.poll(() => written, { timeout: 10_000 }).toBeGreaterThan(3);
      const before = written;
      const file = path.join(temp, "during-writes.jsonl.gz");
      const backup = await backUp(file, { DATABASE_URL: source.url });
      const after = written;
      writing = false;
      await writer;
      expect(after).toBeGreaterThan(before); // writes went on while the backup ran
      expect(backup.stdout).toMatch(/from PostgreSQL at 127\.0\.0\.1:\d+\/sellkit_test_\w+ \(DATABASE_URL\)/);
      expect(backup.stdout).not.toContain(new URL(source.url).password || "no password");

      // Into an empty, unmigrated database: migrated by the restore.
      const restored = await restore([file], { DATABASE_URL: empty.url });
      expect(restored.stdout).toMatch(
        new RegExp(String.raw`^Restored \d+ tables, \d+ rows \(${MIGRATIONS} migrations\)`),
      );
      await withPostgres(empty.url, async (client) => {
        const { rows } = await client.query(`select
            (select count(*)::int from "user" where id <> 'bulk') as creators,
            (select count(*)::int from "user" u where id <> 'bulk' and (select count(*) from security_audit e where e.user_id = u.id) <> 3) as incomplete,
            (select count(*)::int from session s where not exists (select 1 from "user" u where u.id = s.user_id)) as orphans,
            (select count(*)::int from security_audit) as events`);
        expect(rows[0]).toMatchObject({ incomplete: 0, orphans: 0 });
        expect(rows[0].creators).toBeGreaterThanOrEqual(before - 1);
        expect(rows[0].creators).toBeLessThanOrEqual(after);
        expect(rows[0].events).toBe(30000 + 3 * rows[0].creators);
      });

      // A database with data is refused; with --force its rows are replaced by the backup's.
      await expect(restore([file], { DATABASE_URL: empty.url })).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining("already holds data"),
      });
      const replaced = await createTestDatabase();
      try {
        await replaced.pool.query(
          `insert into "user" (id, name, email) values ('other', 'Other', 'other@example.com')`,
        );
        await restore([file, "--force"], { DATABASE_URL: replaced.url });
        const [a, b] = await Promise.all([
          withPostgres(empty.url, (_c, query) => publicRows(query)),
          withPostgres(replaced.url, (_c, query) => publicRows(query)),
        ]);
        expect(b).toEqual(a);
      } finally {
        await replaced.drop();
      }
    } finally {
      await source.drop();
      await empty.drop();
    }
  });

  it("a backup of an older version (fewer migrations) restores: newer migrations run on its rows", async () => {
    const old = await createEmptyPostgresDatabase();
    const fresh = await createEmptyPostgresDatabase();
    const current = await createTestDatabase();
    const folder = path.join(temp, "first-3-migrations");
    try {
      // The schema after migration 0002 (before 0003 added session.last_active_at).
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"));
      journal.entries = journal.entries.slice(0, 3);
      mkdirSync(path.join(folder, "meta"), { recursive: true });
      writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
      for (const entry of journal.entries)
        copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
      const handle = await openDatabase({ kind: "postgres", url: old.url });
      await migrate(handle.db as never, { migrationsFolder: folder });
      await handle.close();
      await withPostgres(old.url, (client) =>
        client.query(`insert into "user" (id, name, email) values ('u', 'Ada', 'ada@example.com');
                      insert into session (id, expires_at, token, user_id) values ('s', now() + interval '1 day', 't', 'u')`),
      );
      const file = path.join(temp, "old.jsonl.gz");
      expect((await backUp(file, { DATABASE_URL: old.url })).stdout).toContain("(3 migrations applied)");

      const staged = await restore([file], { DATABASE_URL: fresh.url });
      expect(staged.stdout).toContain(`(backup at migration 3, now ${MIGRATIONS})`);
      const direct = await restore([file], { DATABASE_URL: current.url }); // already at the current schema
      expect(direct.stdout).toContain(`(backup at migration 3, now ${MIGRATIONS})`);
      for (const url of [fresh.url, current.url]) {
        const rows = await withPostgres(
          url,
          async (client) =>
            (
              await client.query(
                `select s.id, s.user_id, u.email, s.last_active_at is not null as active from session s join "user" u on u.id = s.user_id`,
              )
            ).rows,
        );
        // Migrated after loading, 0003's default filled last_active_at; loaded into the current schema, it takes
        // today's default (none).
        expect(rows).toEqual([{ id: "s", user_id: "u", email: "ada@example.com", active: url === fresh.url }]);
      }
    } finally {
      await old.drop();
      await fresh.drop();
      await current.drop();
    }
  });

  it("refuses without a file, and a file that is not a backup", async () => {
    await expect(restore([], { DATA_DIR: temp })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Usage: npm run db:restore"),
    });
    const notBackup = path.join(temp, "not-a-backup.gz");
    writeFileSync(notBackup, gzipSync("hello\n"));
    await expect(restore([notBackup], { DATA_DIR: path.join(temp, "untouched") })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("is not a Sellkit backup"),
    });
    expect(existsSync(path.join(temp, "untouched"))).toBe(false);
    await expect(
      backUp(path.join(temp, "none.jsonl.gz"), { DATA_DIR: path.join(temp, "no-data-dir") }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No embedded database in"),
    });
  });

  it("a truncated backup restores nothing", async () => {
    const source = await createTestDatabase();
    const target = await createEmptyPostgresDatabase();
    try {
      await source.pool.query(
        `insert into contact_messages (name, email, subject, message) select 'Ada', 'ada@example.com', 'Hi', md5(i::text) from generate_series(1, 2000) i`,
      );
      const file = path.join(temp, "whole.jsonl.gz");
      await backUp(file, { DATABASE_URL: source.url });
      const truncated = path.join(temp, "truncated.jsonl.gz");
      writeFileSync(truncated, readFileSync(file).subarray(0, Math.floor(statSync(file).size * 0.8)));
      await expect(restore([truncated], { DATABASE_URL: target.url })).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining("it is damaged, incomplete or not a backup file"),
      });
      const rows = await withPostgres(target.url, (_client, query) => publicRows(query));
      expect(Object.entries(rows).filter(([, json]) => json !== "[]")).toEqual([]);
    } finally {
      await source.drop();
      await target.drop();
    }
  });
});

// These need a PostgreSQL server (CI runs them with TEST_DATABASE_URL): PGlite is in-process, so it can
// neither be migrated by two processes at once nor become unreachable.
describe.runIf(Boolean(POSTGRES))("on PostgreSQL", () => {
  it("two db:migrate runs started at once both succeed and apply each migration once (advisory lock)", async () => {
    const database = await createEmptyPostgresDatabase(POSTGRES!);
    try {
      const env = scriptEnv({ DATABASE_URL: database.url });
      const results = await Promise.all(
        [0, 1].map(() => run(process.execPath, ["build/runtime/main.js", "--migrate-only"], { env })),
      );
      for (const result of results) expect(result.stdout).toContain("Migrations applied (database: postgres)");
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query(
        "select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash",
      );
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
      const end = () => {
        client.destroy();
        server.destroy();
      };
      client.on("error", end).on("close", end);
      server.on("error", end).on("close", end);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const proxied = new URL(database.url);
    proxied.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    const app = spawn(process.execPath, ["build/runtime/main.js"], {
      env: {
        PATH: process.env.PATH ?? "",
        HOST: "127.0.0.1",
        PORT: "0",
        DATABASE_URL: proxied.toString(),
        LOG_LEVEL: "silent",
      },
    });
    let stdout = "";
    app.stdout.on("data", (chunk) => (stdout += chunk));
    try {
      await expect.poll(() => stdout, { timeout: 60_000 }).toMatch(/running at/);
      const origin = /running at (http:\/\/localhost:\d+)/.exec(stdout)![1]!.replace("localhost", "127.0.0.1");
      expect((await fetch(`${origin}/readyz`)).status).toBe(200);
      expect((await fetch(`${origin}/auth`)).status).toBe(200);

      open = false;
      for (const socket of sockets) socket.destroy();
      const during = await fetch(`${origin}/dashboard`, {
        headers: { cookie: "sellkit.session_token=abc.def", accept: "text/html" },
      });
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
      await expect
        .poll(async () => (await fetch(`${origin}/readyz`)).status, { timeout: 15_000, interval: 250 })
        .toBe(200);
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
