import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { parseEnv } from "~/server/env.server";
import { createServices } from "~/server/create-services.server";
import { createServer as createNetServer } from "node:net";
import { createApp } from "../../server/create-app";
import { openDatabase } from "~/db/open-database.server";
import { createTestDatabase } from "./test-database";

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
};

/** A free 127.0.0.1 port (for a server whose address must be known before it starts). */
export { freePort };

/**
 * The real HTTP server (production build, real database, real mailer) on an ephemeral 127.0.0.1 port.
 * Needs `npm run build` first (npm test does it).
 */
export async function startTestServer(envOverrides: Record<string, string> = {}, options: TestServerOptions = {}) {
  if (!existsSync(BUILD_FILE)) throw new Error("No build found: run `npm run build` before the integration tests.");
  const build = (await import(pathToFileURL(BUILD_FILE).href)) as ServerBuild;
  const database = options.databaseUrl
    ? await openDatabase({ kind: "postgres", url: options.databaseUrl }).then((handle) => ({ ...handle, url: options.databaseUrl, drop: handle.close }))
    : await createTestDatabase();
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const env = parseEnv({ NODE_ENV: "test", AUTH_SECRET: "x".repeat(32), APP_URL: origin, ...envOverrides });
  const logger = pino({ level: "silent" });
  const services = createServices({ env, db: database.db, listen: database.listen, logger });
  const { mailer } = services;
  const app = createApp({ services, build, clientDir: path.resolve("build/client") });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(port, "127.0.0.1", () => resolve(s));
  });
  return {
    origin,
    db: database.db,
    /** The PostgreSQL database's address (undefined on PGlite), for a second instance on the same data. */
    databaseUrl: database.url,
    services,
    /** fetch against the server; state-changing requests carry our Origin unless the caller sets one. */
    request(pathname: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", origin);
      return fetch(`${origin}${pathname}`, { redirect: "manual", ...init, headers });
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mailer.close();
      await database.drop();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
