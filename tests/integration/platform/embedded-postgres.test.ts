import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { EMBEDDED_CLUSTER_DIR, runningEmbeddedPostgresUrl, startEmbeddedPostgres } from "~/db/embedded-postgres.server";

/** The embedded server's lifecycle — first start, restart, leftovers of killed runs, one owner. */
const temp = mkdtempSync(path.join(tmpdir(), "sellkit-embedded-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const postmasterPid = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, EMBEDDED_CLUSTER_DIR, "postmaster.pid"), "utf8").split("\n")[0]);
const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
/** Running (not exited; an exited child of a killed parent may stay a zombie where no init reaps it). */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]![0] !== "Z";
  } catch {
    return false;
  }
};

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe("embedded PostgreSQL", () => {
  it("initialises on first start, keeps its password and data across restarts, listens on loopback only", async () => {
    const dataDir = path.join(temp, "lifecycle");
    const first = await startEmbeddedPostgres({ dataDir });
    expect(new URL(first.url).hostname).toBe("127.0.0.1");
    expect(runningEmbeddedPostgresUrl(dataDir)).toBe(first.url);
    await query(first.url, "create table kept (v text); insert into kept values ('one')");
    expect(await query(first.url, "select current_setting('listen_addresses') as listen")).toEqual([
      { listen: "127.0.0.1" },
    ]);
    await first.stop();
    expect(runningEmbeddedPostgresUrl(dataDir)).toBeNull();

    const second = await startEmbeddedPostgres({ dataDir });
    expect(new URL(second.url).password).toBe(new URL(first.url).password);
    expect(await query(second.url, "select v from kept")).toEqual([{ v: "one" }]);
    // The password is required: a wrong one is refused.
    const wrong = new URL(second.url);
    wrong.password = "wrong";
    await expect(query(wrong.toString(), "select 1")).rejects.toThrow(/password authentication failed/);
    await second.stop();
  }, 90_000);

  it("stops a server left running by a killed app (and its killed watcher) at the next start, with nothing lost", async () => {
    const dataDir = path.join(temp, "leftover");
    const app = spawn(process.execPath, ["--import", "tsx", "tests/support/run-embedded-postgres.ts"], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    let output = "";
    app.stdout.on("data", (chunk) => (output += chunk));
    await expect.poll(() => output, { timeout: 60_000 }).toContain("ready ");
    const url = /ready (\S+)/.exec(output)![1]!;
    await query(url, "create table survived (v int); insert into survived values (42)");
    const server = postmasterPid(dataDir);
    const watcher = parentOf(server);
    // kill -9 of everything but the server itself: the app, the watcher and the watcher's helper.
    for (const pid of childrenOf(watcher).filter((pid) => pid !== server)) process.kill(pid, "SIGKILL");
    process.kill(watcher, "SIGKILL");
    app.kill("SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive(server)).toBe(true); // an orphaned postmaster, port still held

    const next = await startEmbeddedPostgres({ dataDir });
    try {
      expect(alive(server)).toBe(false);
      expect(await query(next.url, "select v from survived")).toEqual([{ v: 42 }]);
    } finally {
      await next.stop();
    }
  }, 90_000);

  it("starts over a stale postmaster.pid whose process is gone", async () => {
    const dataDir = path.join(temp, "stale");
    const first = await startEmbeddedPostgres({ dataDir });
    await first.stop();
    writeFileSync(path.join(dataDir, EMBEDDED_CLUSTER_DIR, "postmaster.pid"), "4194303\n/x\n0\n5432\n");
    const second = await startEmbeddedPostgres({ dataDir });
    expect(await query(second.url, "select 1 as one")).toEqual([{ one: 1 }]);
    await second.stop();
  }, 90_000);

  it("refuses a second app on the same DATA_DIR while the first is alive, and leaves the first running", async () => {
    const dataDir = path.join(temp, "owned");
    const first = await startEmbeddedPostgres({ dataDir });
    try {
      writeFileSync(path.join(dataDir, "postgres-owner.pid"), "1\n"); // an owner that is alive and is not us
      await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(
        /Another Sellkit process \(pid 1\) is using the database/,
      );
      expect(await query(first.url, "select 1 as one")).toEqual([{ one: 1 }]);
    } finally {
      await first.stop();
    }
  }, 90_000);
});
