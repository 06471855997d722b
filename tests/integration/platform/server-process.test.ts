import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "sellkit-process-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ["build/runtime/main.js"], {
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe("the server process", () => {
  it("refuses to start on a bad environment with one clear line", async () => {
    const run = startProcess({ PORT: "eighty", DATABASE_URL: "mysql://db" });
    expect(await run.exited).toBe(1);
    const lines = run.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment: .*PORT.*DATABASE_URL must be a postgres/);
  });

  it("refuses to start in production without AUTH_SECRET", async () => {
    const run = startProcess({ NODE_ENV: "production" });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain("AUTH_SECRET is required when NODE_ENV=production");
  });

  it("starts on the embedded database, prints its URL and the dev mailbox, keeps a generated secret, and stops on SIGTERM", async () => {
    const run = startProcess({});
    await expect
      .poll(() => run.output().stdout, { timeout: 60_000 })
      .toMatch(/Sellkit is running at http:\/\/localhost:\d+[\s\S]*\/dev\/mailbox/);
    const url = /running at (http:\/\/localhost:\d+)/.exec(run.output().stdout)![1]!.replace("localhost", "127.0.0.1");
    expect(run.output().stdout).toContain("/dev/mailbox");
    const page = await fetch(`${url}/pricing`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Pricing");
    const missing = await fetch(`${url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Oops! Page not found");
    // One copy of the app in the process: the payment providers the server made throw the very class the routes'
    // webhook intake checks, so a forged delivery is refused (400), not a crash (500).
    const forged = await fetch(`${url}/api/webhooks/test`, { method: "POST", body: "{}" });
    expect(forged.status).toBe(400);
    const secretFile = path.join(dataDir, "auth-secret");
    expect(readFileSync(secretFile, "utf8").trim().length).toBeGreaterThanOrEqual(32);
    expect(statSync(secretFile).mode & 0o077).toBe(0);
    const stopAsked = Date.now();
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    expect(Date.now() - stopAsked).toBeLessThan(5_000);
  });
});
