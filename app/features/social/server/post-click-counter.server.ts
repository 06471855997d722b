import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { Logger } from "~/server/logger.server";
import { socialPostClicks } from "../schema.server";

// Counts tracking-link clicks in memory and writes them in batches, so a redirect never waits on the database.

/** A flush starts at once when this many clicks wait. */
const FLUSH_AT_CLICKS = 5000;
/** Posts × days kept while the database is down; later clicks are dropped and logged. */
const MAX_PENDING_KEYS = 50_000;
const CHUNK = 500;

export type PostClickCounter = {
  /** Counts one click on a post's link; never throws, never waits. */
  record(postId: string, time: number): void;
  /** Writes the waiting clicks; on refusal they stay queued and it rejects. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left, for graceful shutdown. */
  close(): Promise<void>;
};

/** The click counter of this instance, flushing every `flushMs`. */
export function createPostClickCounter({
  db,
  logger,
  flushMs = 1000,
}: {
  db: Database;
  logger: Logger;
  flushMs?: number;
}): PostClickCounter {
  let pending = new Map<string, number>();
  let waiting = 0;
  let dropped = 0;
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let closed = false;

  function add(key: string, clicks: number) {
    const had = pending.get(key);
    if (had === undefined && pending.size >= MAX_PENDING_KEYS) {
      dropped += clicks;
      return;
    }
    pending.set(key, (had ?? 0) + clicks);
    waiting += clicks;
  }

  function tick() {
    if (running || waiting === 0) return;
    flush().catch((error) =>
      logger.warn({ err: error, pendingClicks: waiting }, "link clicks not written yet: retried at the next flush"),
    );
  }

  function flush(): Promise<void> {
    if (running) return running.then(() => (waiting > 0 ? flush() : undefined));
    if (waiting === 0) return Promise.resolve();
    const batch = pending;
    pending = new Map();
    waiting = 0;
    if (dropped > 0) {
      logger.warn({ dropped }, "link clicks dropped: the database did not answer for too long");
      dropped = 0;
    }
    running = write(db, batch)
      .catch((error: unknown) => {
        for (const [key, clicks] of batch) add(key, clicks);
        throw error;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    record(postId, time) {
      if (closed) return;
      add(`${postId}\t${new Date(time).toISOString().slice(0, 10)}`, 1);
      if (!timer) {
        timer = setInterval(tick, flushMs);
        timer.unref();
      }
      if (waiting >= FLUSH_AT_CLICKS) tick();
    },
    flush,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      try {
        await flush();
      } catch (error) {
        logger.error({ err: error, lostClicks: waiting }, "link clicks could not be written at shutdown");
      }
    },
  };
}

/** Adds a batch to the per-day rows; clicks of a post deleted meanwhile are skipped. */
async function write(db: Database, batch: Map<string, number>) {
  const rows = [...batch].map(([key, clicks]) => {
    const [postId = "", day = ""] = key.split("\t");
    return { postId, day, clicks };
  });
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await db.execute(sql`
      insert into ${socialPostClicks} (post_id, day, clicks)
      select r.post_id, r.day, r.clicks
      from json_to_recordset(${JSON.stringify(chunk.map((r) => ({ post_id: r.postId, day: r.day, clicks: r.clicks })))}::json)
        as r(post_id uuid, day date, clicks int)
      where exists (select 1 from social_posts p where p.id = r.post_id)
      on conflict (post_id, day) do update set clicks = ${socialPostClicks.clicks} + excluded.clicks`);
  }
}
