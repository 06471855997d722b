// Budget: a 2 GB upload through the app (tus, /api/uploads, file store in DATA_DIR) — the server's
// memory (RSS of the production server process, sampled every 100 ms) grows by < 100 MB, the upload runs at
// ≥ 50% of the speed of `cp` writing the same bytes to the same disk (both timed until `sync` returns), and an
// upload interrupted at ~50% (the connection dropped mid-PATCH) and resumed from HEAD's offset ends with a stored
// file whose SHA-256 equals the source's. The source is generated into a file on the same disk (never held in memory); each PATCH streams
// UPLOAD_CHUNK_BYTES from it, as the browser does.
//
//   npm run build && node bench/upload.mjs
//   BENCH_UPLOAD_BYTES=536870912 node bench/upload.mjs     (a smaller file; default 2 GiB, the product limit)
//   BENCH_UPLOAD_ROUNDS (default 3: uploads and cp runs taking turns, fastest of each compared),
//   BENCH_UPLOAD_CHUNK_BYTES, BENCH_UPLOAD_TIMEOUT_MS (default 15 min: the script stops with an error after it)
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { createHash } from "node:crypto";
import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { freePort, startServer } from "./start-server.mjs";
import {
  MB,
  RSS_BUDGET_BYTES,
  cpuSecondsOf,
  exitAfter,
  sampleRss,
  writePseudoRandomFile,
} from "./support/big-files.mjs";
import { budgets, fmt, seedUsers, startAppProcess } from "./support/common.mjs";

const MAX_PRODUCT_FILE_BYTES = 2 * 1024 ** 3;
const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? MAX_PRODUCT_FILE_BYTES);
const CHUNK = Number(process.env.BENCH_UPLOAD_CHUNK_BYTES ?? 32 * 1024 * 1024);
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
const TIMEOUT_MS = Number(process.env.BENCH_UPLOAD_TIMEOUT_MS ?? 15 * 60_000);

exitAfter(TIMEOUT_MS, "upload");

const check = budgets("upload");
const figure = (label, value) => {
  console.log(`          ${label}: ${value}`);
  check.figure(label, value);
};
const work = mkdtempSync(path.join(tmpdir(), "sellkit-bench-upload-"));
const dataDir = path.join(work, "data");
const source = path.join(work, "source.bin");

function sha256File(file) {
  const hash = createHash("sha256");
  return pipeline(createReadStream(file), hash).then(() => hash.digest("hex"));
}

/** One HTTP request; `body` a readable stream of `length` bytes; `dropAfter` bytes → the socket is destroyed. */
function send(origin, method, pathname, headers, { body, length = 0, dropAfter } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}${pathname}`,
      { method, headers: { ...headers, "content-length": String(length) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers }));
      },
    );
    req.on("error", (error) => (dropAfter !== undefined ? resolve({ status: 0, dropped: true }) : reject(error)));
    if (!body) return void req.end();
    let sent = 0;
    body.on("data", (chunk) => {
      sent += chunk.length;
      if (dropAfter !== undefined && sent >= dropAfter) {
        body.destroy();
        req.destroy();
        return;
      }
      if (!req.write(chunk)) {
        body.pause();
        req.once("drain", () => body.resume());
      }
    });
    body.on("end", () => req.end());
  });
}

/**
 * For reference: the same PATCHes to a bare Node HTTP server in a process of its own that reads and discards the
 * bytes — what HTTP over loopback allows here before any of the app's work (writing, hashing) is done.
 */
async function transportOnly() {
  const port = await freePort();
  const sink = spawn(
    process.execPath,
    [
      "-e",
      `require("node:http").createServer((q, s) => { q.on("end", () => s.end()); q.resume(); }).listen(${port}, "127.0.0.1", () => console.log("ready"))`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  try {
    await once(sink.stdout, "data");
    const started = performance.now();
    for (let offset = 0; offset < SIZE; offset += CHUNK) {
      const length = Math.min(CHUNK, SIZE - offset);
      await send(
        `http://127.0.0.1:${port}`,
        "PATCH",
        "/",
        {},
        { body: createReadStream(source, { start: offset, end: offset + length - 1, highWaterMark: MB }), length },
      );
    }
    return (performance.now() - started) / 1000;
  } finally {
    sink.kill();
  }
}

try {
  console.log(`upload bench: ${fmt(SIZE / MB, 0)} MiB in ${fmt(CHUNK / MB, 0)} MiB PATCHes, work folder ${work}`);
  const sourceSha = await writePseudoRandomFile(source, SIZE);

  // cp of the same bytes on the same disk, until they are on it (sync); the page cache holds the source for both.
  const copy = () => {
    const started = performance.now();
    execFileSync("cp", [source, path.join(work, "copy.bin")]);
    execFileSync("sync", [path.join(work, "copy.bin")]);
    const seconds = (performance.now() - started) / 1000;
    rmSync(path.join(work, "copy.bin"));
    return seconds;
  };
  // For reference: the same bytes through user space (`cat`: read and write calls, as any receiver of bytes from
  // a socket must do; GNU cp copies inside the kernel with copy_file_range, which a network upload cannot use).
  const catStarted = performance.now();
  execFileSync("sh", ["-c", 'cat "$0" > "$1" && sync "$1"', source, path.join(work, "copy.bin")]);
  const catSeconds = (performance.now() - catStarted) / 1000;
  rmSync(path.join(work, "copy.bin"));

  const [creator] = await seedUsers({ DATA_DIR: dataDir }, { count: 1, prefix: "upload", sessions: 1 });
  const app = await startAppProcess({ DATA_DIR: dataDir });
  const productId = await app.request("product", { userId: creator.id }).finally(() => app.close());
  const server = await startServer({}, { dataDir });
  try {
    const headers = { cookie: creator.cookies[0], origin: server.origin, "tus-resumable": "1.0.0" };
    const metadata = `productId ${Buffer.from(productId).toString("base64")},filename ${Buffer.from("bench.bin").toString("base64")}`;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const memory = sampleRss(server.pid);

    /** One whole upload: creation, PATCHes, the one that crosses the middle dropped and resumed, until synced. */
    async function uploadOnce() {
      const started = performance.now();
      const serverCpuBefore = cpuSecondsOf(server.pid);
      const clientCpuBefore = process.cpuUsage();
      const created = await send(server.origin, "POST", "/api/uploads", {
        ...headers,
        "upload-length": String(SIZE),
        "upload-metadata": metadata,
      });
      if (created.status !== 201) throw new Error(`creation answered ${created.status}`);
      const location = created.headers.location;
      let offset = 0;
      let interrupted = false;
      let resumedFrom = 0;
      while (offset < SIZE) {
        const length = Math.min(CHUNK, SIZE - offset);
        const patchHeaders = {
          ...headers,
          "upload-offset": String(offset),
          "content-type": "application/offset+octet-stream",
        };
        const body = createReadStream(source, { start: offset, end: offset + length - 1, highWaterMark: 1024 * 1024 });
        // The PATCH that crosses the middle loses its connection half-way.
        if (!interrupted && offset + length > SIZE / 2) {
          interrupted = true;
          await send(server.origin, "PATCH", location, patchHeaders, {
            body,
            length,
            dropAfter: Math.floor(length / 2),
          });
          // At once, as tus-js-client's first retry: HEAD waits for the upload's lock, which the server lets go of
          // once it has noticed the dropped connection, so its offset counts every byte that reached the file.
          const head = await send(server.origin, "HEAD", location, headers);
          offset = Number(head.headers["upload-offset"]);
          resumedFrom = offset;
          continue;
        }
        const answer = await send(server.origin, "PATCH", location, patchHeaders, { body, length });
        if (answer.status !== 204) throw new Error(`PATCH at ${offset} answered ${answer.status}`);
        offset = Number(answer.headers["upload-offset"]);
      }
      // Until the bytes are on the disk, as for cp.
      const stored = path.join(dataDir, "uploads", location.split("/").at(-1));
      execFileSync("sync", [stored]);
      const clientCpu = process.cpuUsage(clientCpuBefore);
      return {
        seconds: (performance.now() - started) / 1000,
        stored,
        resumedFrom,
        serverCpu: cpuSecondsOf(server.pid) - serverCpuBefore,
        clientCpu: (clientCpu.user + clientCpu.system) / 1e6,
      };
    }

    // This machine's page cache takes new writes at speeds that vary several-fold from one second to the next
    // (measured: the same 1 GiB write 300–5,800 MiB/s): cp and the upload take turns, ROUNDS times each, and the
    // fastest of each is compared.
    const cpTimes = [copy()];
    const uploads = [];
    for (let round = 0; round < ROUNDS; round++) {
      const upload = await uploadOnce();
      const storedSha = await sha256File(upload.stored);
      rmSync(upload.stored);
      uploads.push({ ...upload, storedSha });
      cpTimes.push(copy());
    }
    const { baseline, growth } = memory.stop();
    const transportSeconds = await transportOnly();
    const cpSeconds = Math.min(...cpTimes);
    const fastest = uploads.reduce((best, upload) => (upload.seconds < best.seconds ? upload : best));
    const uploadSeconds = fastest.seconds;
    const uploadRate = SIZE / MB / uploadSeconds;
    const cpRate = SIZE / MB / cpSeconds;
    const seconds = (list) => list.map((value) => `${fmt(value, 2)} s`).join(", ");
    figure(
      "bytes",
      `${fmt(SIZE / MB, 0)} MiB, resumed from ${uploads.map((upload) => `${fmt(upload.resumedFrom / MB, 1)} MiB`).join(", ")}`,
    );
    figure(
      "cp + sync (fastest of the rounds)",
      `${fmt(cpSeconds, 2)} s, ${fmt(cpRate, 0)} MiB/s (${seconds(cpTimes)})`,
    );
    figure(
      "cat + sync (user space, for reference)",
      `${fmt(catSeconds, 2)} s, ${fmt(SIZE / MB / catSeconds, 0)} MiB/s`,
    );
    figure(
      "upload + sync (creation, interruption, resume, SHA-256 recorded; fastest of the rounds)",
      `${fmt(uploadSeconds, 2)} s, ${fmt(uploadRate, 0)} MiB/s (${seconds(uploads.map((upload) => upload.seconds))})`,
    );
    figure(
      "HTTP transport only (a bare Node server discarding the bytes, for reference)",
      `${fmt(transportSeconds, 2)} s, ${fmt(SIZE / MB / transportSeconds, 0)} MiB/s = ${fmt((cpSeconds / transportSeconds) * 100, 0)}% of cp`,
    );
    // What the machine's cores allow at best: the CPU the server (every thread: receiving, writing, hashing) and
    // this client (reading the source, sending) used in the fastest round, spread perfectly over every core.
    const cores = availableParallelism();
    const floorSeconds = (fastest.serverCpu + fastest.clientCpu) / cores;
    figure(
      "CPU of the fastest upload (server + client, user + system)",
      `${fmt(fastest.serverCpu, 2)} s + ${fmt(fastest.clientCpu, 2)} s on ${cores} cores: at least ${fmt(floorSeconds, 2)} s = at most ${fmt((cpSeconds / floorSeconds) * 100, 0)}% of cp`,
    );
    figure(
      "upload / cat; upload / transport only",
      `${fmt((catSeconds / uploadSeconds) * 100, 0)}%; ${fmt((transportSeconds / uploadSeconds) * 100, 0)}%`,
    );
    check.check(
      "server RSS growth < 100 MB",
      growth < RSS_BUDGET_BYTES,
      `${fmt(growth / MB, 1)} MB (baseline ${fmt(baseline / MB, 0)} MB, peak ${fmt((baseline + growth) / MB, 0)} MB)`,
    );
    check.check("upload ≥ 50% of cp speed", uploadRate >= cpRate * 0.5, `${fmt((uploadRate / cpRate) * 100, 0)}%`);
    check.check(
      "stored SHA-256 equals the source's after the interruption (every round)",
      uploads.every((upload) => upload.storedSha === sourceSha && upload.resumedFrom > 0),
      uploads.map((upload) => upload.storedSha.slice(0, 16)).join(", "),
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
check.finish();
