import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { Logger } from "../logger.server";

/** How long a readiness probe may take. */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000;
/** How often the database is probed while it is down. */
export const RECOVERY_PROBE_INTERVAL_MS = 1_000;

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
const CONNECTION_MESSAGE =
  /connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Connection terminated unexpectedly|the database system is (starting up|shutting down)|PGlite is closed/i;

/** Whether `error` or its cause means the database is unreachable, not a bad query. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
  if (typeof message === "string" && CONNECTION_MESSAGE.test(message)) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

export type DatabaseHealth = {
  /** True from an unreachable-database failure until a probe succeeds. */
  isDown(): boolean;
  /** Notes a failed request and probes until the database answers. */
  reportError(error: unknown): void;
  /** A `select 1` within HEALTH_PROBE_TIMEOUT_MS (readiness). */
  probe(): Promise<boolean>;
  close(): void;
};

/** Tracks whether the database answers, so requests fail fast with 503. */
export function createDatabaseHealth(db: Database, logger: Logger): DatabaseHealth {
  let down = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  async function probe(): Promise<boolean> {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error("database probe timed out")), HEALTH_PROBE_TIMEOUT_MS);
        }),
      ]);
      if (down) logger.info("database reachable again");
      down = false;
      if (timer) clearInterval(timer);
      timer = undefined;
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timeout);
    }
  }

  return {
    isDown: () => down,
    reportError(error) {
      if (!isDatabaseUnavailable(error) || down) return;
      down = true;
      logger.error({ err: error }, "database unreachable: answering 503 until it is back");
      timer = setInterval(() => void probe(), RECOVERY_PROBE_INTERVAL_MS);
      timer.unref();
    },
    probe,
    close() {
      if (timer) clearInterval(timer);
    },
  };
}
