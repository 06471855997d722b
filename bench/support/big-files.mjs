// What the big-transfer benches (upload, download, export) share: a time limit, a generated file that is never held
// in memory, and the server's memory (RSS) sampled while the transfer runs.
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, readFileSync } from "node:fs";
import { pipeline } from "node:stream/promises";

export const MB = 1024 * 1024;
/** The memory budget of every big transfer: the server grows by less than this. */
/** Linux's USER_HZ: the unit of the CPU times in /proc/<pid>/stat. */
const CLOCK_TICKS_PER_SECOND = 100;
export const RSS_BUDGET_BYTES = 100 * MB;

/** Stops the bench with exit code 2 when it runs longer than `ms`. */
export function exitAfter(ms, label) {
  const deadline = setTimeout(() => {
    console.error(`${label} bench: not finished within ${ms} ms`);
    process.exit(2);
  }, ms);
  deadline.unref();
}

/** Writes `size` pseudo-random bytes (1 MiB blocks of a stretched seed: not compressible, not all zero) to `file`; resolves with their SHA-256. */
export async function writePseudoRandomFile(file, size) {
  const hash = createHash("sha256");
  const seed = randomBytes(MB);
  async function* blocks() {
    for (let written = 0, index = 0; written < size; index += 1) {
      const block = Buffer.from(seed);
      block.writeUInt32LE(index, 0);
      const piece = block.subarray(0, Math.min(MB, size - written));
      hash.update(piece);
      written += piece.length;
      yield piece;
    }
  }
  await pipeline(blocks, createWriteStream(file));
  return hash.digest("hex");
}

/** CPU seconds (user + system, every thread) a process has used so far, from Linux's /proc/<pid>/stat. */
export function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** The resident memory of process `pid`, in bytes. */
export function rssOf(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Samples `pid`'s RSS every 100 ms from now; `stop()` ends it and gives the baseline and the peak growth above it. */
export function sampleRss(pid) {
  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 100);
  return {
    stop() {
      clearInterval(sampler);
      peak = Math.max(peak, rssOf(pid));
      return { baseline, growth: peak - baseline };
    },
  };
}
