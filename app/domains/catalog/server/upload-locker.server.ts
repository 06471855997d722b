import { createHash } from "node:crypto";
import { ERRORS as TUS_ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/utils";
import pg from "pg";

/**
 * The tus uploads' locks across app instances: a PostgreSQL session-level advisory lock per upload
 * id, `pg_try_advisory_lock(UPLOAD_LOCK_CLASS, <32-bit hash of the id>)`, held on a connection of the locker's
 * own pool for as long as the request holds the lock (the app's pool is not tied up by uploads in flight). Two
 * instances behind a load balancer therefore never write one upload at the same time; a lost connection ends
 * its session and frees its locks.
 *
 * A request that finds the lock taken asks its holder, wherever it runs, to let go (`pg_notify` on
 * UPLOAD_RELEASE_CHANNEL with the id: every pooled connection LISTENs, and the holder's `requestRelease` is
 * called, as @tus/server's in-memory locker does within one process), then tries again with growing waits
 * until `acquireTimeoutMs` (ERR_LOCK_TIMEOUT) or its request is aborted.
 */

/** The first key of the two-key advisory-lock space for uploads (any fixed int4; 0x7475_7331, "tus1"). */
export const UPLOAD_LOCK_CLASS = 0x7475_7331;
/** Channel of the requests to let go of an upload's lock; the payload is the upload id. */
export const UPLOAD_RELEASE_CHANNEL = "sellkit_upload_release";
/** Connections of one instance's locker: one per upload request in flight (PostgreSQL allows 100 in all). */
export const UPLOAD_LOCK_CONNECTIONS = 20;
const RETRY_DELAYS_MS = [10, 25, 50, 100, 200, 400];

/** The second key: a 32-bit hash of the id (two ids sharing one only take turns). */
export function uploadLockKey(id: string): number {
  return createHash("sha1").update(id).digest().readInt32BE(0);
}

export type AdvisoryLocker = Locker & {
  /** Ends the locker's connections (held locks are freed with them). */
  close: () => Promise<void>;
};

export function createAdvisoryLocker({
  connection,
  acquireTimeoutMs = 30_000,
  maxConnections = UPLOAD_LOCK_CONNECTIONS,
  onError = () => {},
}: {
  /** Where PostgreSQL is: the app pool's own settings (connection string, password). */
  connection: pg.PoolConfig;
  acquireTimeoutMs?: number;
  maxConnections?: number;
  onError?: (error: unknown) => void;
}): AdvisoryLocker {
  const pool = new pg.Pool({
    ...connection,
    max: maxConnections,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    allowExitOnIdle: true,
  });
  // An idle connection that breaks (the database restarting) is reported, not thrown.
  pool.on("error", onError);
  /** The release callback of each lock this instance holds, by upload id. */
  const held = new Map<string, RequestRelease>();
  /** The connections holding a lock now. */
  const holding = new Set<pg.PoolClient>();
  pool.on("connect", (client) => {
    client.on("notification", (message) => {
      const release = message.channel === UPLOAD_RELEASE_CHANNEL ? held.get(message.payload ?? "") : undefined;
      if (!release) return;
      // Once per holder: the notification reaches every listening connection.
      held.delete(message.payload ?? "");
      Promise.resolve(release()).catch(onError);
    });
    client.query(`LISTEN ${UPLOAD_RELEASE_CHANNEL}`).catch(onError);
  });

  function newLock(id: string): Lock {
    const key = uploadLockKey(id);
    let client: pg.PoolClient | null = null;
    return {
      async lock(signal, requestRelease) {
        const deadline = Date.now() + acquireTimeoutMs;
        for (let attempt = 0; ; attempt++) {
          if (signal.aborted) throw TUS_ERRORS.ERR_LOCK_TIMEOUT;
          const candidate = await pool.connect();
          let locked = false;
          try {
            const result = await candidate.query<{ locked: boolean }>("select pg_try_advisory_lock($1, $2) as locked", [
              UPLOAD_LOCK_CLASS,
              key,
            ]);
            locked = result.rows[0]?.locked === true;
            if (!locked) await candidate.query("select pg_notify($1, $2)", [UPLOAD_RELEASE_CHANNEL, id]);
          } catch (error) {
            candidate.release(error as Error);
            throw error;
          }
          if (locked) {
            client = candidate;
            holding.add(candidate);
            held.set(id, requestRelease);
            return;
          }
          candidate.release();
          const wait = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
          if (Date.now() + wait > deadline) throw TUS_ERRORS.ERR_LOCK_TIMEOUT;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, wait);
            function done() {
              clearTimeout(timer);
              signal.removeEventListener("abort", done);
              resolve();
            }
            signal.addEventListener("abort", done, { once: true });
          });
        }
      },
      async unlock() {
        const current = client;
        if (!current) throw new Error("Releasing an unlocked lock!");
        client = null;
        holding.delete(current);
        if (held.get(id)) held.delete(id);
        try {
          await current.query("select pg_advisory_unlock($1, $2)", [UPLOAD_LOCK_CLASS, key]);
          current.release();
        } catch (error) {
          // The session is dropped instead: PostgreSQL frees its locks with it.
          current.release(error as Error);
          onError(error);
        }
      },
    };
  }

  return {
    newLock,
    async close() {
      // Connections still holding a lock are closed too (their locks go with their sessions).
      for (const current of holding) current.release(new Error("the upload locker is closing"));
      holding.clear();
      await pool.end();
    },
  };
}
