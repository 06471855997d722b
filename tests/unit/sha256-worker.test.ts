import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSha256Worker, MAX_IN_FLIGHT_BYTES } from "~/domains/catalog/server/sha256-worker.server";

const hex = (...parts: Uint8Array[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex");
};

const worker = createSha256Worker();
const folder = mkdtempSync(path.join(tmpdir(), "sellkit-sha256-"));
afterAll(async () => {
  await worker.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("SHA-256 of uploads on a worker thread", () => {
  it("hashes batches in order, copies a state without changing it, and digests each handle once", async () => {
    const a = randomBytes(100_000);
    const b = randomBytes(70_001);
    const c = randomBytes(3);
    const hash = worker.create();
    await hash.update([a.subarray(0, 1), a.subarray(1)]);
    const branch = hash.copy();
    await hash.update([b]);
    await branch.update([c]);
    expect(await hash.digest()).toBe(hex(a, b));
    expect(await branch.digest()).toBe(hex(a, c));
    await expect(hash.digest()).rejects.toThrow();
    expect(await worker.create().digest()).toBe(hex());
  });

  it("copies the bytes at once: a buffer reused after update does not change the hash", async () => {
    const bytes = Buffer.from("sellkit");
    const hash = worker.create();
    await hash.update([bytes]);
    bytes.fill(0);
    expect(await hash.digest()).toBe(hex(Buffer.from("sellkit")));
  });

  it("makes a caller wait once more than MAX_IN_FLIGHT_BYTES are queued, and goes on when the worker catches up", async () => {
    const block = randomBytes(4 * 1024 * 1024);
    const hash = worker.create();
    const blocks = Math.ceil((2 * MAX_IN_FLIGHT_BYTES) / block.length);
    const settled: boolean[] = [];
    // Posted in one go: the worker's acknowledgements (messages) cannot arrive before the microtasks below ran.
    const updates = Array.from({ length: blocks }, (_, i) =>
      hash.update([block]).then(() => {
        settled[i] = true;
      }),
    );
    for (let tick = 0; tick < 20; tick++) await Promise.resolve();
    const within = Math.floor(MAX_IN_FLIGHT_BYTES / block.length);
    expect(settled.slice(0, within).every(Boolean)).toBe(true);
    expect(settled.filter(Boolean).length).toBeLessThan(blocks);
    await Promise.all(updates);
    expect(await hash.digest()).toBe(hex(...Array.from({ length: blocks }, () => block)));
  });

  it("reads written ranges of a file itself, in order with the bytes handed over, across more than one read", async () => {
    const file = path.join(folder, "upload.bin");
    const stored = randomBytes(9 * 1024 * 1024 + 17); // more than the worker's 4 MiB read buffer, not a multiple of it
    writeFileSync(file, stored);
    const handed = randomBytes(1000);
    const hash = worker.create();
    hash.updateFromFile(file, 0, 5);
    await hash.update([handed]);
    hash.updateFromFile(file, 5, stored.length);
    hash.updateFromFile(file, 7, 7); // an empty range adds nothing
    const branch = hash.copy();
    branch.updateFromFile(file, 0, 3);
    expect(await hash.digest()).toBe(hex(stored.subarray(0, 5), handed, stored.subarray(5)));
    expect(await branch.digest()).toBe(hex(stored.subarray(0, 5), handed, stored.subarray(5), stored.subarray(0, 3)));
  });

  it("refuses the digest when the range cannot be read (file gone or shorter), so the caller reads the file instead", async () => {
    const file = path.join(folder, "short.bin");
    writeFileSync(file, randomBytes(10));
    const short = worker.create();
    short.updateFromFile(file, 0, 11);
    await expect(short.digest()).rejects.toThrow();
    const gone = worker.create();
    gone.updateFromFile(path.join(folder, "missing.bin"), 0, 1);
    await expect(gone.digest()).rejects.toThrow();
    // The worker goes on for the others.
    const fine = worker.create();
    fine.updateFromFile(file, 0, 10);
    expect(await fine.digest()).toHaveLength(64);
  });
});
