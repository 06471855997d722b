import { Worker } from "node:worker_threads";

// SHA-256 of uploads on a worker thread, so hashing never stalls the request thread; see docs/operations.md.
// Messages keep their order per handle. If the worker dies, `digest` rejects and the caller hashes the stored file.

/** Bytes handed to the worker and not yet hashed, all uploads together; past it `update` waits, bounding memory. */
export const MAX_IN_FLIGHT_BYTES = 16 * 1024 * 1024;
/**
 * Size of the slabs the worker hands back once hashed; reusing them keeps memory off the garbage collectors' timing.
 */
export const SLAB_BYTES = 1024 * 1024;
/** Bytes the worker reads from an upload's file at a time (`updateFromFile`), into one buffer it keeps. */
const FILE_READ_BYTES = 4 * 1024 * 1024;

/** The worker's whole program (evaluated, so it needs no file of its own in the server bundles). */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const { closeSync, openSync, readSync } = require("node:fs");
const hashes = new Map();
let buffer = null;
parentPort.on("message", (m) => {
  if (m.op === "create") hashes.set(m.id, createHash("sha256"));
  else if (m.op === "update") {
    hashes.get(m.id)?.update(new Uint8Array(m.data, 0, m.length));
    parentPort.postMessage({ ack: m.length, slab: m.data }, [m.data]);
  } else if (m.op === "file") {
    const hash = hashes.get(m.id);
    if (!hash) return;
    buffer ??= Buffer.allocUnsafe(${FILE_READ_BYTES});
    let fd = -1;
    try {
      fd = openSync(m.path, "r");
      for (let at = m.start; at < m.end; ) {
        const read = readSync(fd, buffer, 0, Math.min(buffer.length, m.end - at), at);
        if (read === 0) throw new Error("the file is shorter than the bytes written");
        hash.update(buffer.subarray(0, read));
        at += read;
      }
    } catch {
      hashes.delete(m.id); // its digest is then refused, and the caller reads the stored file instead
    } finally {
      if (fd >= 0) closeSync(fd);
    }
  } else if (m.op === "copy") {
    const hash = hashes.get(m.id);
    if (hash) hashes.set(m.to, hash.copy());
  } else if (m.op === "digest") {
    const hash = hashes.get(m.id);
    hashes.delete(m.id);
    parentPort.postMessage({ reply: m.reply, digest: hash ? hash.digest("hex") : null });
  } else if (m.op === "dispose") hashes.delete(m.id);
});
`;

export type OffThreadSha256 = {
  /** Feeds the bytes (copied at once: the buffers may be reused); waits while the worker is too far behind. */
  update: (buffers: readonly Uint8Array[]) => Promise<void>;
  /**
   * Feeds bytes `start` to `end` of a written, unchanging file; the worker reads them itself, so this thread copies
   * nothing.
   */
  updateFromFile: (path: string, start: number, end: number) => void;
  /** A new handle with this one's state (this one goes on unchanged). */
  copy: () => OffThreadSha256;
  /** The hex digest; the handle is spent. */
  digest: () => Promise<string>;
  dispose: () => void;
};

export type Sha256Worker = { create: () => OffThreadSha256; close: () => Promise<void> };

type Reply = { resolve: (digest: string) => void; reject: (error: Error) => void };

export function createSha256Worker(): Sha256Worker {
  let worker: Worker | null = null;
  let generation = 0;
  let nextId = 1;
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const replies = new Map<number, Reply>();
  /** Slabs back from the worker, ready to be filled again. */
  const slabs: ArrayBuffer[] = [];

  function release() {
    while (waiters.length > 0 && inFlight < MAX_IN_FLIGHT_BYTES) waiters.shift()!();
  }

  function lost(error: Error) {
    worker = null;
    generation += 1;
    inFlight = 0;
    for (const reply of replies.values()) reply.reject(error);
    replies.clear();
    const waiting = waiters;
    waiters = [];
    for (const wake of waiting) wake();
  }

  function current(): Worker {
    if (worker) return worker;
    const started = new Worker(WORKER_SOURCE, { eval: true });
    started.unref();
    started.on("message", (message: { ack?: number; slab?: ArrayBuffer; reply?: number; digest?: string | null }) => {
      if (message.ack !== undefined) {
        inFlight -= message.ack;
        if (message.slab && slabs.length * SLAB_BYTES < MAX_IN_FLIGHT_BYTES + SLAB_BYTES) slabs.push(message.slab);
        release();
        return;
      }
      const reply = replies.get(message.reply!);
      replies.delete(message.reply!);
      if (message.digest) reply?.resolve(message.digest);
      else reply?.reject(new Error("the hash was not found in the worker"));
    });
    started.on("error", (error) => lost(error));
    started.on("exit", () => {
      if (worker === started) lost(new Error("the hashing worker stopped"));
    });
    worker = started;
    return started;
  }

  function handle(id: number, of: number): OffThreadSha256 {
    const alive = () => of === generation && worker !== null;
    return {
      async update(buffers) {
        if (!alive()) return;
        // Copied at once, since the caller may reuse its buffers.
        let slab: ArrayBuffer | null = null;
        let filled = 0;
        const send = () => {
          if (!slab || filled === 0 || !alive()) return;
          inFlight += filled;
          worker!.postMessage({ op: "update", id, data: slab, length: filled }, [slab]);
          slab = null;
          filled = 0;
        };
        for (const buffer of buffers) {
          for (let at = 0; at < buffer.byteLength; ) {
            slab ??= slabs.pop() ?? new ArrayBuffer(SLAB_BYTES);
            const take = Math.min(SLAB_BYTES - filled, buffer.byteLength - at);
            new Uint8Array(slab, filled, take).set(buffer.subarray(at, at + take));
            filled += take;
            at += take;
            if (filled === SLAB_BYTES) send();
          }
        }
        send();
        if (inFlight > MAX_IN_FLIGHT_BYTES) await new Promise<void>((resolve) => waiters.push(resolve));
      },
      updateFromFile(path, start, end) {
        if (alive() && end > start) worker!.postMessage({ op: "file", id, path, start, end });
      },
      copy() {
        const to = nextId++;
        if (alive()) worker!.postMessage({ op: "copy", id, to });
        return handle(to, of);
      },
      digest() {
        if (!alive()) return Promise.reject(new Error("the hashing worker stopped"));
        const reply = nextId++;
        return new Promise<string>((resolve, reject) => {
          replies.set(reply, { resolve, reject });
          worker!.postMessage({ op: "digest", id, reply });
        });
      },
      dispose() {
        if (alive()) worker!.postMessage({ op: "dispose", id });
      },
    };
  }

  return {
    create() {
      const id = nextId++;
      current().postMessage({ op: "create", id });
      return handle(id, generation);
    },
    async close() {
      const stopping = worker;
      worker = null;
      if (stopping) await stopping.terminate();
    },
  };
}
