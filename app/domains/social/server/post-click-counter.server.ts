import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { createBatchedCounter } from "~/server/batched-counter.server";
import type { Logger } from "~/server/logger.server";
import { socialPostClicks } from "../tables.server";

const CHUNK = 500;

export type PostClickCounter = {
  /** Counts one click on a post's link; never throws, never waits. */
  record(postId: string, time: number): void;
  /** Writes the waiting clicks; on refusal they stay queued and it rejects. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left, for graceful shutdown. */
  close(): Promise<void>;
};

/** The tracking-link click counter of this instance: clicks batched, so a redirect never waits on the database. */
export function createPostClickCounter({
  db,
  logger,
  flushMs = 1000,
}: {
  db: Database;
  logger: Logger;
  flushMs?: number;
}): PostClickCounter {
  const counter = createBatchedCounter<number>(
    {
      noun: "link clicks",
      unit: "Clicks",
      countOf: (clicks) => clicks,
      merge: (into, from) => into + from,
      write: (batch) => write(db, batch),
    },
    { logger, flushMs },
  );
  return {
    record(postId, time) {
      counter.add(`${postId}\t${new Date(time).toISOString().slice(0, 10)}`, 1);
    },
    flush: counter.flush,
    close: counter.close,
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
