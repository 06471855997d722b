import type { Logger } from "./logger.server";

// Counts in memory and writes in batches, so counting never slows or fails the request that counts.

/** A flush starts at once when this many counts wait. */
const FLUSH_AT_COUNTS = 5000;
/** Keys kept while the database is down; later counts are dropped and logged. */
const MAX_PENDING_KEYS = 50_000;
/** Write attempts at shutdown before the waiting counts are given up. */
const CLOSE_ATTEMPTS = 3;

/** What a counter counts: its entries by key, how they merge and are written, and its name in the logs. */
export type CountedThing<Entry> = {
  /** Plural noun of the logs, such as "page views". */
  noun: string;
  /** Suffix of the logs' count fields (`pendingViews`, `lostViews`). */
  unit: string;
  /** The counts an entry holds. */
  countOf(entry: Entry): number;
  /** Adds `from` into `into` (kept under the same key) and returns the merged entry. */
  merge(into: Entry, from: Entry): Entry;
  /** Writes a batch in one go; when it rejects, the batch is queued again. */
  write(batch: Map<string, Entry>): Promise<void>;
};

export type BatchedCounter<Entry> = {
  /** Counts an entry under its key; never throws, never waits. */
  add(key: string, entry: Entry): void;
  /** Writes the waiting counts; on refusal they stay queued and it rejects. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left, for graceful shutdown. */
  close(): Promise<void>;
  /** Counts added and not yet written. */
  pending(): number;
  /** The entries waiting for the next flush. */
  waitingEntries(): Iterable<Entry>;
};

/** A counter flushing every `flushMs` once something waits, and at once when `FLUSH_AT_COUNTS` wait. */
export function createBatchedCounter<Entry>(
  thing: CountedThing<Entry>,
  { logger, flushMs = 1000 }: { logger: Logger; flushMs?: number },
): BatchedCounter<Entry> {
  let pending = new Map<string, Entry>();
  let waiting = 0;
  let dropped = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;
  let closed = false;

  function queue(key: string, entry: Entry) {
    const had = pending.get(key);
    const count = thing.countOf(entry);
    if (had === undefined) {
      if (pending.size >= MAX_PENDING_KEYS) {
        dropped += count;
        return;
      }
      pending.set(key, entry);
    } else pending.set(key, thing.merge(had, entry));
    waiting += count;
  }

  function tick() {
    if (running || waiting === 0) return;
    flush().catch((error) =>
      logger.warn(
        { err: error, [`pending${thing.unit}`]: waiting },
        `${thing.noun} not written yet: retried at the next flush`,
      ),
    );
  }

  function flush(): Promise<void> {
    if (running) return running.then(() => (waiting > 0 ? flush() : undefined));
    if (waiting === 0) return Promise.resolve();
    const batch = pending;
    const counts = waiting;
    pending = new Map();
    waiting = 0;
    if (dropped > 0) {
      logger.warn({ dropped }, `${thing.noun} dropped: the database did not answer for too long`);
      dropped = 0;
    }
    running = thing
      .write(batch)
      .catch((error: unknown) => {
        for (const [key, entry] of batch) queue(key, entry);
        throw error;
      })
      .finally(() => {
        running = null;
      });
    logger.debug({ [thing.unit.toLowerCase()]: counts }, `writing ${thing.noun}`);
    return running;
  }

  return {
    add(key, entry) {
      if (closed) return;
      queue(key, entry);
      if (!timer) {
        timer = setInterval(tick, flushMs);
        timer.unref();
      }
      if (waiting >= FLUSH_AT_COUNTS) tick();
    },
    flush,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      for (let attempt = 1; ; attempt++) {
        try {
          await flush();
          return;
        } catch (error) {
          if (attempt >= CLOSE_ATTEMPTS) {
            logger.error(
              { err: error, [`lost${thing.unit}`]: waiting },
              `${thing.noun} could not be written at shutdown`,
            );
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    },
    pending: () => waiting,
    waitingEntries: () => pending.values(),
  };
}
