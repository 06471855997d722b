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

export async function startServer(extraEnv = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "sellkit-bench-"));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build/runtime/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret!",
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
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    origin,
    bootMs: Date.now() - started,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.on("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
