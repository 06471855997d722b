import { describe, expect, it } from "vitest";
import { createBatchedCounter } from "~/server/batched-counter.server";
import { createLogger } from "~/server/logger.server";

const logger = createLogger({ level: "silent", pretty: false });

/** A counter of numbers whose writes go to `written`, refused while `refuse` is set. */
function numbers() {
  const written: Map<string, number>[] = [];
  const state = { refuse: false, writes: 0 };
  const counter = createBatchedCounter<number>(
    {
      noun: "test counts",
      unit: "Counts",
      countOf: (count) => count,
      merge: (into, from) => into + from,
      async write(batch) {
        state.writes++;
        if (state.refuse) throw new Error("refused");
        written.push(batch);
      },
    },
    { logger, flushMs: 60_000 },
  );
  return { counter, written, state };
}

describe("batched counter", () => {
  it("merges counts by key and writes them in one batch", async () => {
    const { counter, written } = numbers();
    counter.add("a", 1);
    counter.add("a", 2);
    counter.add("b", 1);
    expect(counter.pending()).toBe(4);
    await counter.flush();
    expect(written).toEqual([
      new Map([
        ["a", 3],
        ["b", 1],
      ]),
    ]);
    expect(counter.pending()).toBe(0);
    await counter.close();
  });

  it("keeps a refused batch queued, merged with what came meanwhile, for the next flush", async () => {
    const { counter, written, state } = numbers();
    counter.add("a", 2);
    state.refuse = true;
    await expect(counter.flush()).rejects.toThrow("refused");
    counter.add("a", 1);
    expect(counter.pending()).toBe(3);
    state.refuse = false;
    await counter.flush();
    expect(written).toEqual([new Map([["a", 3]])]);
    await counter.close();
  });

  it("flushes at once when 5000 counts wait, without waiting for the timer", async () => {
    const { counter, written } = numbers();
    for (let i = 0; i < 5000; i++) counter.add(`k${i % 10}`, 1);
    // The 5000th count started the write: nothing waits any more.
    expect(counter.pending()).toBe(0);
    await counter.flush();
    expect(written[0]?.size).toBe(10);
    expect([...written[0]!.values()].reduce((sum, count) => sum + count, 0)).toBe(5000);
    await counter.close();
  });

  it("drops counts of new keys beyond 50,000 waiting keys, still counting known keys", async () => {
    const { counter } = numbers();
    for (let i = 0; i < 50_000; i++) counter.add(`k${i}`, 0);
    counter.add("one too many", 1);
    counter.add("k0", 1);
    expect(counter.pending()).toBe(1);
    await counter.close();
  });

  it("tries three times at shutdown, then gives up, and counts nothing after closing", async () => {
    const { counter, state } = numbers();
    counter.add("a", 1);
    state.refuse = true;
    await counter.close();
    expect(state.writes).toBe(3);
    counter.add("b", 1);
    expect(counter.pending()).toBe(1);
  });
});
