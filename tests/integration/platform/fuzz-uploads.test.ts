import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unclearRejection } from "../../support/hostile-requests";
import { createProductOwner, type ProductOwner } from "../../support/product-owner";
import { startTestServer, type TestServer } from "../../support/test-server";
import { tusRequests } from "../../support/tus-requests";

/**
 * Generated tus requests against the upload endpoint (/api/uploads and its uploads), signed in as the
 * owner, as another creator and signed out — every method, garbage and edge values in each tus header
 * (Tus-Resumable, Upload-Offset, Upload-Length, Upload-Metadata, Upload-Checksum, Content-Type), bodies of a
 * few bytes. Never a 5xx or no answer; every refusal says why in words. FUZZ_RUNS requests (default 60 × 5).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60) * 5;

let server: TestServer;
let dataDir: string;
let owner: ProductOwner;
let other: ProductOwner;
const locations: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "sellkit-fuzz-uploads-"));
  server = await startTestServer({ DATA_DIR: dataDir });
  [owner, other] = await Promise.all([createProductOwner(server), createProductOwner(server)]);
  const tus = tusRequests(server, owner.cookie);
  for (const size of [0, 16, 4096]) {
    const created = await tus.create({ productId: owner.productId, filename: `fuzz-${size}.bin` }, size);
    locations.push(created.headers.get("location")!);
  }
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const garbage = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", " ", "-1", "1e3", "0x10", "NaN", "9".repeat(30), "\u00e9t\u00e9"),
);
const integerText = fc.oneof(
  fc.nat({ max: 5000 }).map(String),
  fc.constantFrom("0", "16", "4096", String(2 ** 31), String(2 * 1024 ** 3 + 1)),
);
const base64 = fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes).toString("base64"));
const metadata = fc.oneof(
  fc
    .record({
      productId: fc.constantFrom("owner", "other", "not-a-uuid"),
      filename: fc.oneof(fc.constantFrom("a.pdf", "../x", "", "a/b"), fc.string()),
    })
    .map(({ productId, filename }) => ({ productId, filename })),
  garbage.map((raw) => ({ raw })),
);

const requestArbitrary = fc.record({
  method: fc.constantFrom("POST", "HEAD", "PATCH", "DELETE", "OPTIONS", "GET"),
  target: fc.oneof(fc.constantFrom("collection", "upload0", "upload1", "upload2"), fc.string({ maxLength: 40 })),
  who: fc.constantFrom("owner", "other", "nobody"),
  resumable: fc.option(fc.oneof(fc.constant("1.0.0"), garbage), { nil: undefined }),
  offset: fc.option(fc.oneof(integerText, garbage), { nil: undefined }),
  length: fc.option(fc.oneof(integerText, garbage), { nil: undefined }),
  deferLength: fc.option(fc.constantFrom("1", "0", "yes"), { nil: undefined }),
  metadata: fc.option(metadata, { nil: undefined }),
  checksum: fc.option(
    fc.oneof(
      fc
        .tuple(fc.constantFrom("sha1", "sha256", "sha512", "md5", "crc32", "SHA1"), base64)
        .map(([a, d]) => `${a} ${d}`),
      garbage,
    ),
    { nil: undefined },
  ),
  contentType: fc.option(fc.oneof(fc.constant("application/offset+octet-stream"), garbage), { nil: undefined }),
  body: fc.uint8Array({ maxLength: 64 }),
});

type Generated = typeof requestArbitrary extends fc.Arbitrary<infer T> ? T : never;

function metadataHeader(value: NonNullable<Generated["metadata"]>): string {
  if ("raw" in value) return value.raw;
  const productId =
    value.productId === "owner" ? owner.productId : value.productId === "other" ? other.productId : value.productId;
  return `productId ${Buffer.from(productId).toString("base64")},filename ${Buffer.from(value.filename).toString("base64")}`;
}

async function send(spec: Generated): Promise<string | null> {
  const pathname =
    spec.target === "collection"
      ? "/api/uploads"
      : spec.target.startsWith("upload") && spec.target.length === 7
        ? locations[Number(spec.target.at(-1))]!
        : `/api/uploads/${encodeURIComponent(spec.target)}`;
  const headers = new Headers();
  const set = (name: string, value: string | undefined) => {
    // Header values fetch cannot send (control characters, non-Latin-1) are left out: the server never sees them.
    if (value !== undefined && /^[\t\x20-\x7e\x80-\xff]*$/.test(value)) headers.set(name, value);
  };
  if (spec.who !== "nobody") headers.set("cookie", (spec.who === "owner" ? owner : other).cookie);
  set("tus-resumable", spec.resumable);
  set("upload-offset", spec.offset);
  set("upload-length", spec.length);
  set("upload-defer-length", spec.deferLength);
  if (spec.metadata) set("upload-metadata", metadataHeader(spec.metadata));
  set("upload-checksum", spec.checksum);
  set("content-type", spec.contentType);
  const withBody = spec.method === "POST" || spec.method === "PATCH";
  const what = `${spec.method} ${pathname} ${JSON.stringify(Object.fromEntries([...headers].filter(([n]) => n !== "cookie")))}`;
  let response: Response;
  try {
    response = await server.request(pathname, {
      method: spec.method,
      headers,
      body: withBody ? Buffer.from(spec.body) : undefined,
    });
  } catch (error) {
    return `${what}: no answer (${(error as Error).message})`;
  }
  const body = await response.text();
  if (response.status >= 500) return `${what}: ${response.status} ${body.slice(0, 200)}`;
  if (spec.method === "HEAD") return null;
  const unclear = unclearRejection(response.status, response.headers.get("content-type") ?? "", body);
  return unclear ? `${what}: ${unclear}` : null;
}

describe(`generated tus requests against the upload endpoint (${RUNS})`, () => {
  it("never answer 5xx or nothing, and every refusal says why", async () => {
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    for (const spec of fc.sample(requestArbitrary, { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 14) })) {
      const problem = await send(spec);
      if (problem) problems.push(problem);
    }
    for (const location of locations) {
      const head = await tusRequests(server, owner.cookie).head(location);
      statuses.set(head.status, (statuses.get(head.status) ?? 0) + 1);
    }
    expect(problems).toEqual([]);
    // The server still serves the uploads it holds (or has removed them cleanly: 404).
    expect([...statuses.keys()].every((status) => status === 200 || status === 404)).toBe(true);
  }, 120_000);
});
