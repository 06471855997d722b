import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productFiles } from "~/domains/catalog/tables.server";
import { LOCK_DRAIN_MS } from "~/domains/catalog/server/receive-upload-chunk.server";
import { createProductOwner, type ProductOwner } from "../../support/product-owner";
import { startTestServer, type TestServer } from "../../support/test-server";
import { tusRequests } from "../../support/tus-requests";

/**
 * Two app instances on one database and one upload folder (as behind a load balancer). A PATCH still
 * streaming into instance A holds the upload's lock; a PATCH of the same upload sent to instance B waits for it,
 * asks A to let go (A cuts its request after LOCK_DRAIN_MS, keeping the bytes that arrived), and then finds the
 * offset moved: 409, never two writers in one file.
 */
let a: TestServer;
let b: TestServer;
let dataDir: string;
let owner: ProductOwner;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "sellkit-two-instances-"));
  a = await startTestServer({ DATA_DIR: dataDir });
  b = await startTestServer({ DATA_DIR: dataDir }, { databaseUrl: a.databaseUrl });
  owner = await createProductOwner(a);
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A PATCH to `server` that sends `sent` of `body`'s bytes and then waits; resolves when the server closes it. */
function stalledPatch(server: TestServer, location: string, body: Buffer, sent: number) {
  return new Promise<{ closedAt: number }>((resolve) => {
    const req = httpRequest(`${server.origin}${location}`, {
      method: "PATCH",
      headers: {
        cookie: owner.cookie,
        origin: server.origin,
        "tus-resumable": "1.0.0",
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
        "content-length": String(body.length),
      },
    });
    const done = () => resolve({ closedAt: Date.now() });
    req.on("error", done);
    req.on("close", done);
    req.on("response", (response) => {
      response.resume();
      response.on("close", done);
    });
    req.write(body.subarray(0, sent));
  });
}

describe("one upload across two instances", () => {
  it("never lets two instances write it at once: the second waits, the first lets go, and the offset decides", async () => {
    const source = randomBytes(2 * 1024 * 1024);
    const location = (
      await tusRequests(a, owner.cookie).create({ productId: owner.productId, filename: "shared.bin" }, source.length)
    ).headers.get("location")!;
    const sent = 512 * 1024;
    const first = stalledPatch(a, location, source, sent);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const started = Date.now();
    const second = await tusRequests(b, owner.cookie).patch(location, 0, source);
    const answeredAt = Date.now();
    const { closedAt } = await first;
    // B waited for A's lock, which A gave up LOCK_DRAIN_MS after B asked; by then A had stored its bytes.
    expect(second.status).toBe(409);
    expect(answeredAt - started).toBeGreaterThanOrEqual(LOCK_DRAIN_MS - 500);
    expect(closedAt).toBeLessThanOrEqual(answeredAt + 1_000);

    const head = await tusRequests(b, owner.cookie).head(location);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBe(sent);
    const rest = await tusRequests(b, owner.cookie).patch(location, offset, source.subarray(offset));
    expect(rest.status).toBe(204);
    const [row] = await b.db
      .select()
      .from(productFiles)
      .where(eq(productFiles.uploadId, location.split("/").at(-1)!));
    expect(row?.sha256).toBe(createHash("sha256").update(source).digest("hex"));
  });
});
