import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { S3 } from "@aws-sdk/client-s3";
import { eq, sql } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productFiles } from "~/domains/catalog/tables.server";
import { createProductFileStore } from "~/domains/catalog/server/product-file-store.server";
import { parseEnv } from "~/server/env.server";
import pino from "pino";
import { createProductOwner, type ProductOwner } from "../../support/product-owner";
import { startS3StandIn, type S3StandIn } from "../../support/s3-stand-in";
import { startTestServer, type TestServer } from "../../support/test-server";
import { tusRequests } from "../../support/tus-requests";

/**
 * With S3_* settings product files go to an S3-compatible bucket through @tus/s3-store. No S3
 * server can be installed here: the whole path runs against the in-repo stand-in (tests/support/s3-stand-in.ts,
 * written from the S3 API reference), and the single-object operations also against `s3rver` from npm, which
 * lacks ListParts, AbortMultipartUpload and ListMultipartUploads.
 */
let s3: S3StandIn;
let server: TestServer;
let dataDir: string;
let ada: ProductOwner;

beforeAll(async () => {
  s3 = await startS3StandIn();
  dataDir = mkdtempSync(path.join(tmpdir(), "sellkit-s3-"));
  server = await startTestServer({ DATA_DIR: dataDir, ...s3.env });
  ada = await createProductOwner(server);
});
afterAll(async () => {
  await server.stop();
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const idOf = (location: string) => location.split("/").at(-1)!;
const rowOf = async (uploadId: string) =>
  (await server.db.select().from(productFiles).where(eq(productFiles.uploadId, uploadId)))[0];
const MiB = 1024 * 1024;

describe("product files in an S3 bucket (the in-repo stand-in)", () => {
  it("verifies Upload-Checksum before a byte reaches the bucket: a wrong one gets 460 and the offset stays", async () => {
    const tus = tusRequests(server, ada.cookie);
    const source = randomBytes(6 * MiB + 11);
    const location = (
      await tus.create({ productId: ada.productId, filename: "checked.mp4" }, source.length)
    ).headers.get("location")!;
    const sha1 = (bytes: Uint8Array) => createHash("sha1").update(bytes).digest("base64");
    const first = source.subarray(0, 5 * MiB);
    const wrong = await tus.patch(location, 0, first, { "upload-checksum": `sha1 ${sha1(source.subarray(1))}` });
    expect(wrong.status).toBe(460);
    expect((await tus.head(location)).headers.get("upload-offset")).toBe("0");
    expect(
      (await tus.patch(location, 0, first, { "upload-checksum": `sha1 ${sha1(first)}` })).headers.get("upload-offset"),
    ).toBe(String(first.length));
    const rest = source.subarray(first.length);
    expect((await tus.patch(location, first.length, rest, { "upload-checksum": `sha1 ${sha1(rest)}` })).status).toBe(
      204,
    );
    expect((await rowOf(idOf(location)))?.sha256).toBe(sha256(source));
  });

  it("stores an upload as a multipart upload, resumes it after a dropped connection, and records its SHA-256", async () => {
    expect(server.services.productFiles.kind).toBe("s3");
    const tus = tusRequests(server, ada.cookie);
    const source = randomBytes(19 * MiB + 4321);
    const created = await tus.create(
      { productId: ada.productId, filename: "course.mp4", filetype: "video/mp4" },
      source.length,
    );
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const id = idOf(location);
    expect(s3.objects.has(`${id}.info`)).toBe(true);

    // 3 MiB: less than S3's smallest part (5 MiB), kept as the incomplete part object.
    expect((await tus.patch(location, 0, source.subarray(0, 3 * MiB))).headers.get("upload-offset")).toBe(
      String(3 * MiB),
    );
    expect(s3.objects.has(`${id}.part`)).toBe(true);
    // Then a chunk whose connection drops half-way.
    await tus.interruptedPatch(location, 3 * MiB, source.subarray(3 * MiB, 16 * MiB), 8 * MiB);
    const head = await tus.head(location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThanOrEqual(3 * MiB);
    expect(offset).toBeLessThan(source.length);
    // The rest, from the offset the server reports.
    const rest = await tus.patch(location, offset, source.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get("upload-offset")).toBe(String(source.length));

    expect(s3.objects.get(id)?.body.equals(source)).toBe(true);
    const row = await rowOf(id);
    expect(row?.sha256).toBe(sha256(source));
    expect(row?.completedAt).toBeInstanceOf(Date);
    expect(s3.uploads.size).toBe(0);

    // Removing the file (the action route) deletes the object and its info.
    const removed = await server.request("/api/product-files", {
      method: "POST",
      headers: { cookie: ada.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "remove", fileId: row!.id }),
    });
    expect(removed.status).toBe(200);
    expect(s3.objects.has(id)).toBe(false);
    expect(s3.objects.has(`${id}.info`)).toBe(false);
    expect(await rowOf(id)).toBeUndefined();
  });

  it("sweeps a day-old partial upload: the multipart upload is aborted and its objects deleted", async () => {
    const tus = tusRequests(server, ada.cookie);
    const location = (await tus.create({ productId: ada.productId, filename: "stale.zip" }, 12 * MiB)).headers.get(
      "location",
    )!;
    await tus.patch(location, 0, randomBytes(9 * MiB));
    const id = idOf(location);
    const multipartOf = () => [...s3.uploads.values()].filter((upload) => upload.key === id).length;
    expect(multipartOf()).toBe(1);
    await server.db
      .update(productFiles)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(productFiles.uploadId, id));
    expect(await server.services.productFiles.sweepExpired()).toBe(1);
    expect(multipartOf()).toBe(0);
    expect([...s3.objects.keys()].filter((key) => key.startsWith(id))).toEqual([]);
    expect(await rowOf(id)).toBeUndefined();
  });

  it("exercised each multipart and object operation @tus/s3-store uses", () => {
    for (const operation of [
      "CreateMultipartUpload",
      "UploadPart",
      "ListParts",
      "CompleteMultipartUpload",
      "AbortMultipartUpload",
      "PutObject",
      "GetObject",
      "HeadObject",
      "DeleteObject",
      "DeleteObjects",
    ]) {
      expect({ operation, called: (s3.calls.get(operation) ?? 0) > 0 }).toEqual({ operation, called: true });
    }
  });
});

describe("the store's single-object operations against s3rver", () => {
  it("reads (GetObject), hashes and removes (HeadObject, DeleteObjects) a stored file; s3rver has no ListParts", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "sellkit-s3rver-"));
    const s3rver = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: "files" }],
    });
    const { port } = (await s3rver.run()) as { port: number };
    try {
      const settings = {
        S3_BUCKET: "files",
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
      };
      const store = createProductFileStore({
        env: parseEnv(settings),
        db: server.db,
        logger: pino({ level: "silent" }),
      });
      const client = new S3({
        region: "us-east-1",
        endpoint: settings.S3_ENDPOINT,
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      });
      const bytes = randomBytes(256 * 1024);
      await client.putObject({ Bucket: "files", Key: "0123456789abcdef0123456789abcdef", Body: bytes });
      expect(await store.sha256Of("0123456789abcdef0123456789abcdef")).toBe(sha256(bytes));
      await store.remove("0123456789abcdef0123456789abcdef");
      await expect(
        client.headObject({ Bucket: "files", Key: "0123456789abcdef0123456789abcdef" }),
      ).rejects.toMatchObject({ name: "NotFound" });
      // What keeps the tus path off s3rver: every write lists the upload's parts.
      const { UploadId } = await client.createMultipartUpload({ Bucket: "files", Key: "m" });
      await expect(client.listParts({ Bucket: "files", Key: "m", UploadId })).rejects.toMatchObject({
        name: "MethodNotAllowed",
      });
    } finally {
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
