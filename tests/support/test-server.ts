import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestListener, Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type pg from "pg";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { createServices } from "~/server/create-services.server";
import type { AppServices } from "~/server/services.server";
import type { Runtime } from "~/server/runtime.server";
import { createServer as createNetServer } from "node:net";
import { createApp } from "../../server/create-app";
import { createHttpServer } from "../../server/request-limits";
import { openDatabase } from "~/db/open-database.server";
import { createTestDatabase } from "./test-database";
import { buildStaleness, describeStaleness } from "../../scripts/build-state.mjs";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createNetServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const BUILD_FILE = path.resolve("build/server/index.js");

export type TestServerOptions = {
  /** Listen on this port instead of a free one (e.g. one already registered as an OAuth redirect URI). */
  port?: number;
  /**
   * Share an existing, migrated PostgreSQL database (another instance's `databaseUrl`) instead of creating
   * one: `stop` then only closes this instance's connections.
   */
  databaseUrl?: string;
  /** Where the server's log lines go (silent by default): to read what is logged. */
  logDestination?: { write: (line: string) => void };
  /** Record the database round trips (statements sent) of each HTTP request: `roundTrips()`. */
  countRoundTrips?: boolean;
};

/** The statements one HTTP request sent to the database, in order. */
export type RequestRoundTrips = { method: string; url: string; statements: string[] };

/**
 * Counts statements per HTTP request: every pooled connection's `query` notes its text in the store of the
 * request it runs for (AsyncLocalStorage follows the request through loaders, timers and the pool).
 */
function roundTripCounter(pool: pg.Pool) {
  const current = new AsyncLocalStorage<RequestRoundTrips>();
  const done: RequestRoundTrips[] = [];
  pool.on("connect", (client) => {
    const query = client.query;
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      const config = args[0] as string | { text: string };
      current.getStore()?.statements.push(typeof config === "string" ? config : config.text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof client.query;
  });
  return {
    wrap:
      (app: RequestListener): RequestListener =>
      (req, res) => {
        const entry: RequestRoundTrips = { method: req.method ?? "", url: req.url ?? "", statements: [] };
        done.push(entry);
        current.run(entry, () => app(req, res));
      },
    list: () => done,
  };
}

/** A free 127.0.0.1 port (for a server whose address must be known before it starts). */
export { freePort };

/**
 * The real HTTP server (production build, real database, real mailer) on an ephemeral 127.0.0.1 port. The
 * integration tests' global setup builds when the sources changed (tests/support/fresh-build.ts); a build
 * still older than its sources is refused rather than tested.
 */
export async function startTestServer(envOverrides: Record<string, string> = {}, options: TestServerOptions = {}) {
  const staleness = buildStaleness();
  if (staleness)
    throw new Error(`${describeStaleness(staleness)}: run \`npm run build\` before the integration tests.`);
  const build = (await import(pathToFileURL(BUILD_FILE).href)) as ServerBuild;
  // The server runs on the build's own modules only (its services, database handle, transactions), as in production.
  const runtime = (build.entry.module as unknown as { runtime: Runtime }).runtime;
  const database = options.databaseUrl
    ? await runtime
        .openDatabase({ kind: "postgres", url: options.databaseUrl })
        .then((handle) => ({ ...handle, drop: handle.close }))
    : await createTestDatabase(runtime.openDatabase);
  // The tests' own handle on the same database, from the source modules the tests import (their verbs, inTransaction).
  const own = await openDatabase({ kind: "postgres", url: database.url });
  const counter = options.countRoundTrips ? roundTripCounter(database.pool) : null;
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const env = runtime.parseEnv({ NODE_ENV: "test", AUTH_SECRET: "x".repeat(32), APP_URL: origin, ...envOverrides });
  const logger = options.logDestination ? pino({ level: "info" }, options.logDestination) : pino({ level: "silent" });
  const services = runtime.createServices({ env, db: database.db, listen: database.listen, logger });
  const { mailer } = services;
  const app = createApp({ runtime, services, build, clientDir: path.resolve("build/client") });
  const server: Server = await new Promise((resolve) => {
    const s = createHttpServer(counter ? counter.wrap(app) : app).listen(port, "127.0.0.1", () => resolve(s));
  });
  let sourceServices: AppServices | null = null;
  return {
    origin,
    /** The tests' database handle (source modules): for their queries and for the source verbs they call. */
    db: own.db,
    /** The PostgreSQL database's address, for a second instance on the same data. */
    databaseUrl: database.url,
    /** The server's own services (the build's modules): to use through their methods, not to pass to source verbs. */
    services,
    /** Services of the source modules on the same database and settings, for the source verbs a test calls directly. */
    sourceServices(): AppServices {
      sourceServices ??= createServices({ env, db: own.db, listen: own.listen, logger });
      return sourceServices;
    },
    /** The database round trips of each request so far (with `countRoundTrips`), oldest first. */
    roundTrips: () => counter?.list() ?? [],
    /** fetch against the server; state-changing requests carry our Origin unless the caller sets one. */
    request(pathname: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", origin);
      return fetch(`${origin}${pathname}`, { redirect: "manual", ...init, headers });
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.views.close();
      await mailer.close();
      if (sourceServices) {
        sourceServices.health.close();
        sourceServices.userEvents.close();
        await sourceServices.views.close();
        await sourceServices.mailer.close();
      }
      await own.close();
      await database.drop();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
