// Starts the production build on a free loopback port with a throwaway data folder, for the benchmarks.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export async function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export const BENCH_AUTH_SECRET = "bench-secret-bench-secret-bench-secret!";

/** A throwaway data folder for the embedded database. */
export function tempDataDir() {
  return mkdtempSync(path.join(tmpdir(), "sellkit-bench-"));
}

/**
 * `options.dataDir`: use (and keep) this data folder instead of a throwaway one; `options.port`: listen there;
 * `options.nodeArgs`: extra node flags (e.g. `--cpu-prof`; also from BENCH_SERVER_NODE_ARGS, space-separated).
 */
export async function startServer(extraEnv = {}, options = {}) {
  const port = options.port ?? (await freePort());
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? tempDataDir();
  const origin = `http://127.0.0.1:${port}`;
  const nodeArgs = options.nodeArgs ?? process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "build/runtime/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: BENCH_AUTH_SECRET,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const started = Date.now();
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => chunk.toString().includes("Sellkit is running") && resolve());
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    origin,
    bootMs: Date.now() - started,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.on("exit", resolve));
      }
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
