import { ERRORS as TUS_ERRORS } from "@tus/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdvisoryLocker, createAdvisoryLocker } from "~/domains/catalog/server/upload-locker.server";
import { createEmptyPostgresDatabase } from "../../support/test-database";

/**
 * Two app instances behind a load balancer share the tus uploads' locks through PostgreSQL advisory
 * locks. Two lockers with pools of their own (as two instances have) on one database.
 */
let database: { url: string; drop: () => Promise<void> };
let first: AdvisoryLocker;
let second: AdvisoryLocker;

beforeAll(async () => {
  database = await createEmptyPostgresDatabase();
  first = createAdvisoryLocker({ connection: { connectionString: database.url } });
  second = createAdvisoryLocker({ connection: { connectionString: database.url }, acquireTimeoutMs: 1_500 });
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
  await database.drop();
});

const never = () => new AbortController().signal;
const id = () => crypto.randomUUID().replaceAll("-", "");

describe("the PostgreSQL advisory-lock locker of tus uploads", () => {
  it("lets one instance at a time hold an upload: the other asks the holder to let go, then gets it", async () => {
    const upload = id();
    const held = first.newLock(upload);
    let releaseAsked = 0;
    await held.lock(never(), () => {
      releaseAsked += 1;
      // The holder finishes its request a moment later and lets go.
      setTimeout(() => void held.unlock(), 200);
    });
    const order: string[] = [];
    const waiting = second.newLock(upload);
    const started = Date.now();
    const acquired = waiting.lock(never(), () => {}).then(() => order.push("second locked"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    order.push("still waiting");
    await acquired;
    expect(order).toEqual(["still waiting", "second locked"]);
    expect(releaseAsked).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    await waiting.unlock();
  });

  it("does not hold other uploads up", async () => {
    const a = first.newLock(id());
    const b = second.newLock(id());
    await a.lock(never(), () => {});
    await b.lock(never(), () => {});
    await Promise.all([a.unlock(), b.unlock()]);
  });

  it("gives up with ERR_LOCK_TIMEOUT when the holder keeps the lock, and when the waiting request is aborted", async () => {
    const upload = id();
    const held = first.newLock(upload);
    await held.lock(never(), () => {});
    await expect(second.newLock(upload).lock(never(), () => {})).rejects.toBe(TUS_ERRORS.ERR_LOCK_TIMEOUT);
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 100);
    const started = Date.now();
    await expect(second.newLock(upload).lock(abort.signal, () => {})).rejects.toBe(TUS_ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeLessThan(1_000);
    await held.unlock();
    // Released: the other instance gets it at once.
    const next = second.newLock(upload);
    await next.lock(never(), () => {});
    await next.unlock();
  });

  it("frees an instance's locks when its connection is gone", async () => {
    const upload = id();
    const gone = createAdvisoryLocker({ connection: { connectionString: database.url } });
    await gone.newLock(upload).lock(never(), () => {});
    await gone.close().catch(() => undefined);
    const lock = second.newLock(upload);
    await lock.lock(never(), () => {});
    await lock.unlock();
  });
});
