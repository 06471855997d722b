import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { Env } from "../app/server/env.server";
import type { Runtime } from "../app/server/runtime.server";
import { resolveAuthSecret } from "./auth-secret";
import { createApp } from "./create-app";
import { createHttpServer } from "./request-limits";

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The app's server build: the built one, or Vite's (development, reloaded on change); its entry exports the runtime.
 */
async function loadBuild(dev: boolean) {
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    const load = () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    return { build: load, first: await load(), viteServer };
  }
  const buildFile = path.resolve("build/server/index.js");
  if (!existsSync(buildFile)) throw new Error("No build found: run `npm run build` first (npm start does it for you).");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  return { build, first: build, viteServer: null };
}

async function main() {
  const dev = process.argv.includes("--dev");
  // Every app module comes from the build the routes run in: one copy of each at run time.
  const loaded = await loadBuild(dev);
  const runtime = (loaded.first.entry.module as unknown as { runtime: Runtime }).runtime;
  const { parseEnv, EnvError, createLogger, openDatabase, migrateDatabase, recordSecurityFixes, createServices } =
    runtime;
  let env: Env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV !== "production" && process.stdout.isTTY });
  env = { ...env, AUTH_SECRET: resolveAuthSecret(env) };

  const location = env.DATABASE_URL
    ? { kind: "postgres" as const, url: env.DATABASE_URL }
    : {
        kind: "embedded" as const,
        dataDir: env.DATA_DIR,
        onLog: (line: string) => logger.debug({ postgres: line }, "postgres"),
        onRestart: ({ ok, error }: { ok: boolean; error?: unknown }) =>
          ok
            ? logger.warn("the embedded PostgreSQL stopped unexpectedly and was started again")
            : logger.error({ err: error }, "the embedded PostgreSQL stopped and could not be started again"),
      };
  const database = await openDatabase(location);
  // However this process ends, the embedded server's watcher stops it too.
  await migrateDatabase(database);
  // Records, once per database, the fixes the security audit card reports.
  await recordSecurityFixes(database.db);
  if (process.argv.includes("--migrate-only")) {
    // `npm run db:migrate`, the release step.
    console.log(`Migrations applied (database: ${database.kind}).`);
    await database.close();
    await loaded.viteServer?.close();
    return;
  }
  const services = createServices({ env, db: database.db, listen: database.listen, logger });
  const { mailer, errorReporter } = services;
  const stopSweeping = services.productFiles.startSweeping(runtime.UPLOAD_SWEEP_INTERVAL_MS);
  const stopReconciler = runtime.startReconciler(services);
  const stopTestPayouts = runtime.startTestPayouts(services);
  const stopDueBilling = runtime.startDueBilling(services);
  const stopLowStockDigests = runtime.startLowStockDigests(services);
  const stopPostReminders = runtime.startPostReminders(services);
  // An uncaught error is reported, then the process ends as Node would have ended it.
  if (errorReporter.enabled) {
    const crash = (mechanism: string) => async (error: unknown) => {
      logger.fatal({ err: error }, mechanism);
      errorReporter.capture(error, { mechanism });
      await errorReporter.flush();
      process.exit(1);
    };
    process.on("uncaughtException", crash("uncaughtException"));
    process.on("unhandledRejection", crash("unhandledRejection"));
  }

  let stopping = false;
  const { build, viteServer } = loaded;
  const closeVite = async () => viteServer?.close();
  const app = viteServer
    ? createApp({ runtime, services, isStopping: () => stopping, devMiddleware: viteServer.middlewares, build })
    : createApp({ runtime, services, build, clientDir: path.resolve("build/client"), isStopping: () => stopping });

  const server: Server = createHttpServer(app).listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    const url = env.PORT === 0 ? `http://localhost:${port}` : env.APP_URL;
    console.log(
      `Sellkit is running at ${url} (database: ${database.kind === "embedded" ? `embedded PostgreSQL in ${path.resolve(env.DATA_DIR)}` : "PostgreSQL"})`,
    );
    if (mailer.kind === "dev-mailbox" && env.NODE_ENV !== "production") {
      console.log(`No SMTP_URL set: mail goes to the dev mailbox at ${url}/dev/mailbox`);
    }
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    // Open event streams would hold the server open.
    services.userEvents.close();
    // Connections that go idle later would hold server.close() until the force exit.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    closeIdle.unref();
    server.close(async () => {
      clearInterval(closeIdle);
      services.health.close();
      stopSweeping();
      await stopReconciler();
      await stopTestPayouts();
      await stopDueBilling();
      await stopLowStockDigests();
      await stopPostReminders();
      await closeVite();
      await services.views.close();
      await services.postClicks.close();
      await errorReporter.flush();
      await mailer.close();
      await database.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error("Sellkit failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
