// Budget: a 2 GB download through the app (the buyer's signed file link, file store in DATA_DIR) — the
// server's memory (RSS of the production server process, sampled every 100 ms) grows by < 100 MB and the bytes
// received have the source's SHA-256; then a download interrupted at ~50% (the client drops the connection) and
// resumed with `Range: bytes=<received>-` (and If-Range: the ETag) gives identical bytes too. The source is
// generated into a file on the same disk (never held in memory) and is the stored product file itself; the paid
// order and its access token are written directly (this is about serving bytes, not about checkout).
//
//   npm run build && node bench/download.mjs
//   BENCH_DOWNLOAD_BYTES=536870912 node bench/download.mjs     (a smaller file; default 2 GiB, the product limit)
//   BENCH_DOWNLOAD_TIMEOUT_MS (default 15 min: the script stops with an error after it)
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer } from "./start-server.mjs";
import { MB, RSS_BUDGET_BYTES, exitAfter, sampleRss, writePseudoRandomFile } from "./support/big-files.mjs";
import { budgets, fmt, seedUsers, startAppProcess } from "./support/common.mjs";

const SIZE = Number(process.env.BENCH_DOWNLOAD_BYTES ?? 2 * 1024 ** 3);
const TIMEOUT_MS = Number(process.env.BENCH_DOWNLOAD_TIMEOUT_MS ?? 15 * 60_000);

exitAfter(TIMEOUT_MS, "download");

const check = budgets("download");
const figure = (label, value) => {
  console.log(`          ${label}: ${value}`);
  check.figure(label, value);
};
const work = mkdtempSync(path.join(tmpdir(), "sellkit-bench-download-"));
const dataDir = path.join(work, "data");
const uploadId = randomBytes(16).toString("hex");

/** Writes SIZE pseudo-random bytes as the stored file; resolves with their SHA-256. */
function generateStoredFile() {
  mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
  return writePseudoRandomFile(path.join(dataDir, "uploads", uploadId), SIZE);
}

/**
 * GETs `url`, hashing what arrives into `hash` (never kept); `dropAfter` bytes → the connection is destroyed
 * (an interrupted download). Resolves with the status, headers and bytes received.
 */
function download(url, headers, hash, dropAfter) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let received = 0;
      res.on("data", (chunk) => {
        const take = dropAfter !== undefined ? Math.min(chunk.length, dropAfter - received) : chunk.length;
        hash?.update(take === chunk.length ? chunk : chunk.subarray(0, take));
        received += take;
        if (dropAfter !== undefined && received >= dropAfter) {
          req.destroy();
          resolve({ status: res.statusCode, headers: res.headers, received, dropped: true });
        }
      });
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, received }));
      res.on("error", (error) => (dropAfter !== undefined ? undefined : reject(error)));
    });
    req.on("error", (error) => (dropAfter !== undefined ? undefined : reject(error)));
    req.end();
  });
}

try {
  console.log(`download bench: ${fmt(SIZE / MB, 0)} MiB, work folder ${work}`);
  const sourceSha = await generateStoredFile();
  const token = randomBytes(32).toString("base64url");
  const [creator] = await seedUsers({ DATA_DIR: dataDir }, { count: 1, prefix: "download", sessions: 0 });
  const app = await startAppProcess({ DATA_DIR: dataDir });
  let orderId;
  try {
    const [product] = await app.request("sql", {
      text: "insert into products (user_id, name, price_cents, currency) values ($1, 'Bench product', 900, 'USD') returning id",
      params: [creator.id],
    });
    await app.request("sql", {
      text: `insert into product_files (product_id, user_id, upload_id, name, content_type, size, sha256, completed_at)
             values ($1, $2, $3, 'bench.bin', 'application/octet-stream', $4, $5, now())`,
      params: [product.id, creator.id, uploadId, SIZE, sourceSha],
    });
    [{ id: orderId }] = await app.request("sql", {
      text: `with placed as (
               insert into orders (user_id, store_name, customer_email, status, subtotal_cents, amount_cents, currency, paid_at)
               values ($1, 'Bench store', 'buyer@bench.test', 'paid', 900, 900, 'USD', now()) returning id
             ), line as (
               insert into order_lines (order_id, product_id, product_name, unit_price_cents, subtotal_cents)
               select id, $2, 'Bench product', 900, 900 from placed
             )
             select id from placed`,
      params: [creator.id, product.id],
    });
    await app.request("sql", {
      text: "insert into order_access_tokens (order_id, token_hash) values ($1, $2)",
      params: [orderId, createHash("sha256").update(token).digest("hex")],
    });
  } finally {
    await app.close();
  }

  const server = await startServer({}, { dataDir });
  try {
    const page = await fetch(`${server.origin}/purchases/${orderId}?token=${token}`);
    const html = await page.text();
    const link = /href="(\/purchases\/[^"]+\/files\/[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    if (page.status !== 200 || !link) throw new Error(`the download page answered ${page.status} without a file link`);
    const url = `${server.origin}${link}`;

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const memory = sampleRss(server.pid);

    const whole = createHash("sha256");
    const started = performance.now();
    const full = await download(url, {}, whole);
    const seconds = (performance.now() - started) / 1000;
    if (full.status !== 200) throw new Error(`the download answered ${full.status}`);
    const wholeSha = whole.digest("hex");

    // Interrupted at ~50%, resumed from what arrived.
    const resumed = createHash("sha256");
    const first = await download(url, {}, resumed, Math.floor(SIZE / 2) + 12_345);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rest = await download(url, { range: `bytes=${first.received}-`, "if-range": full.headers.etag }, resumed);
    const { baseline, growth } = memory.stop();
    const resumedSha = resumed.digest("hex");

    figure("bytes", `${fmt(SIZE / MB, 0)} MiB; ETag ${full.headers.etag?.slice(0, 18)}…"`);
    figure("download", `${fmt(seconds, 2)} s, ${fmt(SIZE / MB / seconds, 0)} MiB/s`);
    figure(
      "resume",
      `dropped after ${fmt(first.received / MB, 1)} MiB, resumed with ${rest.status} ${rest.headers["content-range"]}`,
    );
    check.check(
      "server RSS growth < 100 MB",
      growth < RSS_BUDGET_BYTES,
      `${fmt(growth / MB, 1)} MB (baseline ${fmt(baseline / MB, 0)} MB, peak ${fmt((baseline + growth) / MB, 0)} MB)`,
    );
    check.check(
      "downloaded SHA-256 equals the source's",
      wholeSha === sourceSha && full.received === SIZE,
      wholeSha.slice(0, 16),
    );
    check.check(
      "interrupted at ~50% and resumed with Range: identical SHA-256",
      rest.status === 206 && first.dropped === true && resumedSha === sourceSha,
      resumedSha.slice(0, 16),
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
check.finish();
