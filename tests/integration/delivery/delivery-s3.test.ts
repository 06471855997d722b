import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { S3 } from "@aws-sdk/client-s3";
import { sql } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, describe, expect, it } from "vitest";
import { DOWNLOADS_PER_FILE_PER_DAY } from "~/domains/delivery/content/delivery-rules";
import { contentDisposition } from "~/domains/delivery/server/download-response.server";
import { issueAccessToken } from "~/domains/delivery/server/issue-access-token.server";
import { insertOrder } from "../../support/order-rows";
import { createProductOwner } from "../../support/product-owner";
import { startS3StandIn } from "../../support/s3-stand-in";
import { startTestServer, type TestServer } from "../../support/test-server";

/**
 * With product files in a bucket: a signed file link answers 302 to a presigned GET URL of the object
 * (a few minutes, with `response-content-disposition`), served by `s3rver` from npm (which checks the query's
 * form, access key and expiry, not the signature) and by the in-repo stand-in (which recomputes the SigV4
 * signature, and serves the store's ranged reads).
 */
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A server on the bucket of `settings`, a paid order of a product whose file is the object `uploadId`. */
async function purchaseOn(settings: Record<string, string>, uploadId: string, bytes: Buffer) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sellkit-delivery-s3-"));
  const server: TestServer = await startTestServer({ DATA_DIR: dataDir, ...settings });
  cleanups.push(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const seller = await createProductOwner(server);
  await server.db.execute(sql`
    insert into product_files (product_id, user_id, upload_id, name, content_type, size, sha256, completed_at)
    values (${seller.productId}::uuid, ${seller.id}, ${uploadId}, 'Field guide.pdf', 'application/pdf', ${bytes.length}, ${sha256(bytes)}, now())`);
  const orderId = randomUUID();
  await insertOrder(server.db, {
    id: orderId,
    userId: seller.id,
    productId: seller.productId,
    storeName: "Ada's Shop",
    status: "paid",
    amountCents: 900,
    paidAt: new Date(),
  });
  const token = await issueAccessToken(server.db, orderId);
  const page = await (await server.request(`/purchases/${orderId}?token=${token}`)).text();
  const link = /href="(\/purchases\/[^"]+\/files\/[^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, "&");
  expect(link).toBeTruthy();
  return { server, link: link! };
}

describe("downloads from a bucket", () => {
  it("redirect to a presigned GET that s3rver accepts, with the file's name as an attachment; another key or an expired URL is refused", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "sellkit-s3rver-"));
    const s3rver = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: "files" }],
    });
    const { port } = (await s3rver.run()) as { port: number };
    cleanups.push(async () => {
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    });
    const settings = {
      S3_BUCKET: "files",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    };
    const client = new S3({
      region: "us-east-1",
      endpoint: settings.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const bytes = randomBytes(300_000);
    const uploadId = randomBytes(16).toString("hex");
    await client.putObject({ Bucket: "files", Key: uploadId, Body: bytes, ContentType: "application/pdf" });
    const { server, link } = await purchaseOn(settings, uploadId, bytes);

    const answer = await server.request(link);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("cache-control")).toContain("no-store");
    const location = new URL(answer.headers.get("location")!);
    expect(location.origin).toBe(settings.S3_ENDPOINT);
    expect(location.pathname).toBe(`/files/${uploadId}`);
    expect(location.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(location.searchParams.get("response-content-disposition")).toBe(contentDisposition("Field guide.pdf"));

    const object = await fetch(location);
    expect(object.status).toBe(200);
    expect(object.headers.get("content-disposition")).toBe(contentDisposition("Field guide.pdf"));
    expect(sha256(new Uint8Array(await object.arrayBuffer()))).toBe(sha256(bytes));

    // s3rver checks the query's form, key and expiry (its SigV4 signature check is unimplemented: the stand-in
    // below recomputes it, and the unit tests hold the signing to Amazon's reference example).
    const otherKey = new URL(location);
    otherKey.searchParams.set(
      "X-Amz-Credential",
      otherKey.searchParams.get("X-Amz-Credential")!.replace("S3RVER", "INTRUDER"),
    );
    const refused = await fetch(otherKey);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("InvalidAccessKeyId");
    const expired = new URL(location);
    expired.searchParams.set("X-Amz-Date", "20200101T000000Z");
    expect((await fetch(expired)).status).toBe(403);
  });

  it("redirect to a presigned GET that the stand-in verifies, and the store reads ranges of the object", async () => {
    const s3 = await startS3StandIn();
    cleanups.push(() => s3.close());
    const bytes = randomBytes(200_000);
    const uploadId = randomBytes(16).toString("hex");
    s3.objects.set(uploadId, { body: bytes, metadata: {}, contentType: "application/pdf" });
    const { server, link } = await purchaseOn(s3.env, uploadId, bytes);

    const answer = await server.request(link);
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get("location")!);
    const object = await fetch(location, { headers: { Range: "bytes=100000-" } });
    expect(object.status).toBe(206);
    expect(Buffer.from(await object.arrayBuffer()).equals(bytes.subarray(100_000))).toBe(true);
    // Every signed part counts: a longer life, another name or another object is refused.
    for (const [name, value] of [
      ["X-Amz-Expires", "604800"],
      ["response-content-disposition", "inline"],
    ]) {
      const forged = new URL(location);
      forged.searchParams.set(name!, value!);
      const refused = await fetch(forged);
      expect(refused.status, name).toBe(403);
      expect(await refused.text()).toContain("SignatureDoesNotMatch");
    }
    s3.objects.set("another-object", { body: Buffer.from("secret"), metadata: {}, contentType: "text/plain" });
    const otherObject = new URL(location);
    otherObject.pathname = `/${s3.bucket}/another-object`;
    expect((await fetch(otherObject)).status).toBe(403);

    const chunks: Buffer[] = [];
    for await (const chunk of await server.services.productFiles.readRange(uploadId, { start: 10, end: 1009 }))
      chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes.subarray(10, 1010))).toBe(true);
  });

  it("count a Range past byte 0 as the whole file: the presigned URL it leads to serves all of it", async () => {
    const s3 = await startS3StandIn();
    cleanups.push(() => s3.close());
    const bytes = randomBytes(50_000);
    const uploadId = randomBytes(16).toString("hex");
    s3.objects.set(uploadId, { body: bytes, metadata: {}, contentType: "application/pdf" });
    const { server, link } = await purchaseOn(s3.env, uploadId, bytes);
    const statuses: number[] = [];
    for (let i = 0; i < DOWNLOADS_PER_FILE_PER_DAY + 2; i++) {
      const answer = await server.request(link, { headers: { Range: "bytes=1-" } });
      statuses.push(answer.status);
      if (answer.status === 302) expect((await fetch(answer.headers.get("location")!)).status).toBe(200);
      else await answer.text();
    }
    expect(statuses).toEqual([...Array(DOWNLOADS_PER_FILE_PER_DAY).fill(302), 429, 429]);
  });
});
