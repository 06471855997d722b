import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_NAME_INVALID_MESSAGE, FILE_TOO_LARGE_MESSAGE } from "~/domains/catalog/content/product-files";
import { MAX_PRODUCT_FILE_BYTES } from "~/domains/catalog/content/product-types";
import { productFiles } from "~/domains/catalog/tables.server";
import { ERRORS } from "~/lib/errors";
import { createProductOwner, type ProductOwner } from "../../support/product-owner";
import { rawRequest } from "../../support/raw-http";
import { startTestServer, type TestServer } from "../../support/test-server";
import { tusRequests } from "../../support/tus-requests";

/**
 * Product files over tus at /api/uploads, with the file store in DATA_DIR/uploads — creation,
 * chunks, a dropped connection resumed from HEAD's offset, the SHA-256 of the stored file, the 2 GB limit
 * before any byte, ownership, sign-in, offsets, file names and the sweep of day-old partial uploads.
 */
let server: TestServer;
let dataDir: string;
let ada: ProductOwner;
let grace: ProductOwner;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "sellkit-uploads-"));
  server = await startTestServer({ DATA_DIR: dataDir });
  [ada, grace] = await Promise.all([createProductOwner(server), createProductOwner(server)]);
});
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const uploadsDir = () => path.join(dataDir, "uploads");
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const rowOf = async (uploadId: string) =>
  (await server.db.select().from(productFiles).where(eq(productFiles.uploadId, uploadId)))[0];
const idOf = (location: string) => location.split("/").at(-1)!;

describe("tus uploads of product files (file store)", () => {
  it("creates an upload, takes it in chunks, resumes after a dropped connection and records size and SHA-256", async () => {
    const tus = tusRequests(server, ada.cookie);
    const source = randomBytes(3 * 1024 * 1024 + 123);
    const created = await tus.create(
      { productId: ada.productId, filename: "Field guide.pdf", filetype: "application/pdf" },
      source.length,
    );
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    expect(created.headers.get("upload-expires")).toBeTruthy();
    const row = await rowOf(idOf(location));
    expect(row).toMatchObject({
      productId: ada.productId,
      userId: ada.id,
      name: "Field guide.pdf",
      contentType: "application/pdf",
      size: source.length,
      sha256: null,
      completedAt: null,
    });

    const first = await tus.patch(location, 0, source.subarray(0, 1024 * 1024));
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe(String(1024 * 1024));

    // The connection drops part-way through the second chunk: HEAD says how much arrived, the rest follows.
    await tus.interruptedPatch(location, 1024 * 1024, source.subarray(1024 * 1024), 512 * 1024);
    const head = await tus.head(location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThanOrEqual(1024 * 1024);
    expect(offset).toBeLessThan(source.length);
    expect(head.headers.get("upload-length")).toBe(String(source.length));

    const rest = await tus.patch(location, offset, source.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get("upload-offset")).toBe(String(source.length));

    const done = await rowOf(idOf(location));
    expect(done?.sha256).toBe(sha256(source));
    expect(done?.completedAt).toBeInstanceOf(Date);
    expect(sha256(readFileSync(path.join(uploadsDir(), idOf(location))))).toBe(sha256(source));
  });

  it("refuses 2 GiB + 1 byte at creation with the spec's 2GB message, before a byte of the body is read", async () => {
    const before = readdirSync(uploadsDir()).length;
    const declared = MAX_PRODUCT_FILE_BYTES + 1;
    const metadata = `productId ${Buffer.from(ada.productId).toString("base64")},filename ${Buffer.from("big.iso").toString("base64")}`;
    const host = new URL(server.origin).host;
    // Creation with upload: the whole body declared, a few bytes sent; the answer comes at once.
    const answer = await rawRequest(
      server.origin,
      `POST /api/uploads HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${server.origin}\r\nCookie: ${ada.cookie}\r\nTus-Resumable: 1.0.0\r\nUpload-Length: ${declared}\r\nUpload-Metadata: ${metadata}\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${declared}\r\n\r\n`,
      "abc",
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(FILE_TOO_LARGE_MESSAGE);
    expect(answer.ms).toBeLessThan(2_000);
    // Without a body too; exactly 2 GiB is accepted.
    const tus = tusRequests(server, ada.cookie);
    const refused = await tus.create({ productId: ada.productId, filename: "big.iso" }, declared);
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(readdirSync(uploadsDir()).length).toBe(before);
    const allowed = await tus.create({ productId: ada.productId, filename: "exactly-2gb.iso" }, MAX_PRODUCT_FILE_BYTES);
    expect(allowed.status).toBe(201);
    const { rows } = await server.db.execute<{ count: number }>(
      sql`select count(*)::int as count from product_files where name = 'big.iso'`,
    );
    expect(rows[0]?.count).toBe(0);
  });

  it("refuses a signed-out visitor at every step", async () => {
    const owner = tusRequests(server, ada.cookie);
    const created = await owner.create({ productId: ada.productId, filename: "notes.txt" }, 10);
    const location = created.headers.get("location")!;
    const anonymous = tusRequests(server, null);
    for (const response of [
      await anonymous.create({ productId: ada.productId, filename: "x.txt" }, 10),
      await anonymous.patch(location, 0, new Uint8Array(10)),
      await anonymous.head(location),
      await anonymous.delete(location),
    ]) {
      expect(response.status).toBe(401);
      if (response.headers.get("content-length") !== "0")
        expect(await response.text()).toMatch(/^(Please sign in to upload files\.)?$/);
    }
    expect((await rowOf(idOf(location)))?.completedAt).toBeNull();
  });

  it("refuses another creator's product at creation, and another creator's upload afterwards", async () => {
    const intruder = tusRequests(server, grace.cookie);
    const refused = await intruder.create({ productId: ada.productId, filename: "mine.txt" }, 10);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe(ERRORS.UPLOAD_PRODUCT_NOT_FOUND.message);
    const { rows } = await server.db.execute<{ count: number }>(
      sql`select count(*)::int as count from product_files where name = 'mine.txt'`,
    );
    expect(rows[0]?.count).toBe(0);

    const created = await tusRequests(server, ada.cookie).create({ productId: ada.productId, filename: "ada.txt" }, 10);
    const location = created.headers.get("location")!;
    for (const response of [
      await intruder.patch(location, 0, new Uint8Array(10)),
      await intruder.head(location),
      await intruder.delete(location),
    ]) {
      expect(response.status).toBe(404);
    }
    expect(await (await intruder.patch(location, 0, new Uint8Array(10))).text()).toBe(
      ERRORS.PRODUCT_FILE_NOT_FOUND.message,
    );
    expect(Number((await tusRequests(server, ada.cookie).head(location)).headers.get("upload-offset"))).toBe(0);
    // An unknown product or a malformed id: the same answer.
    expect((await intruder.create({ productId: "not-a-uuid", filename: "x.txt" }, 10)).status).toBe(404);
  });

  it("refuses a tus URL whose query names another creator's upload, for every method, and leaves that upload alone", async () => {
    const victim = (
      await tusRequests(server, ada.cookie).create({ productId: ada.productId, filename: "victim.bin" }, 10)
    ).headers.get("location")!;
    await tusRequests(server, ada.cookie).patch(victim, 0, new Uint8Array(4).fill(7));
    const intruder = tusRequests(server, grace.cookie);
    const own = (await intruder.create({ productId: grace.productId, filename: "own.bin" }, 10)).headers.get(
      "location",
    )!;
    // @tus/server took the last "/" segment of the whole URL, query included, as the upload id.
    for (const tricked of [
      `${own}?x=/${idOf(victim)}`,
      `${own}?${idOf(victim)}=/${idOf(victim)}`,
      `${own}/?x=/${idOf(victim)}`,
    ]) {
      const answers = [
        await intruder.head(tricked),
        await intruder.patch(tricked, 4, new Uint8Array(6)),
        await intruder.delete(tricked),
        await server.request(tricked, {
          method: "OPTIONS",
          headers: { origin: server.origin, "access-control-request-method": "DELETE" },
        }),
        await server.request(`/api/uploads?x=/${idOf(victim)}`, {
          method: "POST",
          headers: {
            "tus-resumable": "1.0.0",
            cookie: grace.cookie,
            "upload-length": "1",
            "upload-metadata": `productId ${btoa(grace.productId)},filename ${btoa("x.bin")}`,
          },
        }),
      ];
      expect(
        answers.map((response) => response.status),
        tricked,
      ).toEqual([404, 404, 404, 404, 404]);
      expect(answers[0]!.headers.get("upload-offset")).toBeNull();
    }
    const head = await tusRequests(server, ada.cookie).head(victim);
    expect([head.status, head.headers.get("upload-offset"), head.headers.get("upload-length")]).toEqual([
      200,
      "4",
      "10",
    ]);
    expect(await rowOf(idOf(victim))).toMatchObject({ userId: ada.id, name: "victim.bin", completedAt: null });
    expect(readFileSync(path.join(uploadsDir(), idOf(victim)))).toEqual(Buffer.alloc(4, 7));
    // Grace's own upload still works without the query.
    expect((await intruder.head(own)).status).toBe(200);
  });

  it("answers a wrong offset with 409 and keeps the bytes already stored", async () => {
    const tus = tusRequests(server, ada.cookie);
    const created = await tus.create({ productId: ada.productId, filename: "offsets.bin" }, 100);
    const location = created.headers.get("location")!;
    expect((await tus.patch(location, 0, new Uint8Array(40))).status).toBe(204);
    const conflict = await tus.patch(location, 20, new Uint8Array(40));
    expect(conflict.status).toBe(409);
    expect(Number((await tus.head(location)).headers.get("upload-offset"))).toBe(40);
    // More bytes than the upload declared are refused too.
    expect((await tus.patch(location, 40, new Uint8Array(61))).status).toBe(413);
  });

  it("refuses file names with path or control characters, or too long, with a message", async () => {
    const tus = tusRequests(server, ada.cookie);
    for (const name of [
      "../../etc/passwd",
      "a\\b.txt",
      "bad\u0000name.txt",
      "line\nbreak.txt",
      "..",
      "rtl\u202Etxt.exe",
      "x".repeat(201),
      "   ",
    ]) {
      const response = await tus.create({ productId: ada.productId, filename: name }, 10);
      expect({ name, status: response.status }).toEqual({ name, status: 400 });
      expect((await response.text()).length).toBeGreaterThan(10);
    }
    const slash = await tus.create({ productId: ada.productId, filename: "a/b.txt" }, 10);
    expect(await slash.text()).toBe(FILE_NAME_INVALID_MESSAGE);
    const trimmed = await tus.create({ productId: ada.productId, filename: "  Résumé.pdf  " }, 10);
    expect(trimmed.status).toBe(201);
    expect((await rowOf(idOf(trimmed.headers.get("location")!)))?.name).toBe("Résumé.pdf");
  });

  it("removes partial uploads older than a day with their rows, and keeps completed and recent ones", async () => {
    const tus = tusRequests(server, ada.cookie);
    const stale = (await tus.create({ productId: ada.productId, filename: "stale.bin" }, 100)).headers.get("location")!;
    await tus.patch(stale, 0, new Uint8Array(10));
    const recent = (await tus.create({ productId: ada.productId, filename: "recent.bin" }, 100)).headers.get(
      "location",
    )!;
    const finished = (await tus.create({ productId: ada.productId, filename: "finished.bin" }, 10)).headers.get(
      "location",
    )!;
    await tus.patch(finished, 0, new Uint8Array(10));
    const dayAgo = sql`now() - interval '25 hours'`;
    await server.db
      .update(productFiles)
      .set({ createdAt: dayAgo })
      .where(eq(productFiles.uploadId, idOf(stale)));
    await server.db
      .update(productFiles)
      .set({ createdAt: dayAgo })
      .where(eq(productFiles.uploadId, idOf(finished)));

    const removed = await server.services.productFiles.sweepExpired();
    expect(removed).toBe(1);
    expect(await rowOf(idOf(stale))).toBeUndefined();
    expect(existsSync(path.join(uploadsDir(), idOf(stale)))).toBe(false);
    expect(existsSync(path.join(uploadsDir(), `${idOf(stale)}.json`))).toBe(false);
    expect((await tus.head(stale)).status).toBe(404);
    expect(await rowOf(idOf(recent))).toBeDefined();
    expect((await rowOf(idOf(finished)))?.completedAt).toBeInstanceOf(Date);
    expect(existsSync(path.join(uploadsDir(), idOf(finished)))).toBe(true);
  });

  it("lets the owner cancel an unfinished upload (tus DELETE) with its row, but not a finished one", async () => {
    const tus = tusRequests(server, ada.cookie);
    const partial = (await tus.create({ productId: ada.productId, filename: "cancel.bin" }, 100)).headers.get(
      "location",
    )!;
    expect((await tus.delete(partial)).status).toBe(204);
    await expect.poll(() => rowOf(idOf(partial))).toBeUndefined();
    const finished = (await tus.create({ productId: ada.productId, filename: "keep.bin" }, 5)).headers.get("location")!;
    await tus.patch(finished, 0, new Uint8Array(5));
    expect((await tus.delete(finished)).status).toBe(400);
    expect(await rowOf(idOf(finished))).toBeDefined();
  });

  it("does not serve uploads back over GET", async () => {
    const created = await tusRequests(server, ada.cookie).create(
      { productId: ada.productId, filename: "secret.txt" },
      1,
    );
    const response = await server.request(created.headers.get("location")!, { headers: { cookie: ada.cookie } });
    expect(response.status).toBe(405);
  });
});

describe("the tus checksum extension (Upload-Checksum)", () => {
  const digest = (algorithm: string, bytes: Uint8Array) => createHash(algorithm).update(bytes).digest("base64");

  it("advertises the extension and its algorithms on OPTIONS", async () => {
    const response = await server.request("/api/uploads", { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("tus-extension")?.split(",")).toContain("checksum");
    expect(response.headers.get("tus-checksum-algorithm")?.split(",")).toEqual(["sha1", "sha256", "sha512", "md5"]);
  });

  it("accepts a chunk whose checksum is right, answers 460 to a wrong one and keeps the offset, then completes", async () => {
    const tus = tusRequests(server, ada.cookie);
    const source = randomBytes(2 * 1024 * 1024 + 7);
    const location = (
      await tus.create({ productId: ada.productId, filename: "checked.bin" }, source.length)
    ).headers.get("location")!;
    const first = source.subarray(0, 1024 * 1024);
    const ok = await tus.patch(location, 0, first, { "upload-checksum": `sha1 ${digest("sha1", first)}` });
    expect(ok.status).toBe(204);
    expect(ok.headers.get("upload-offset")).toBe(String(first.length));

    const second = source.subarray(first.length);
    const wrong = await tus.patch(location, first.length, second, {
      "upload-checksum": `sha1 ${digest("sha1", source.subarray(0, 10))}`,
    });
    expect(wrong.status).toBe(460);
    expect(await wrong.text()).toBe(ERRORS.UPLOAD_CHECKSUM_MISMATCH.message);
    // The chunk was discarded: the offset and the stored bytes are those before it.
    expect((await tus.head(location)).headers.get("upload-offset")).toBe(String(first.length));
    expect(readFileSync(path.join(uploadsDir(), idOf(location))).length).toBe(first.length);

    const retried = await tus.patch(location, first.length, second, {
      "upload-checksum": `sha256 ${digest("sha256", second)}`,
    });
    expect(retried.status).toBe(204);
    expect(retried.headers.get("upload-offset")).toBe(String(source.length));
    expect((await rowOf(idOf(location)))?.sha256).toBe(sha256(source));
  });

  it("refuses an unknown algorithm or a malformed header with 400, and stores nothing", async () => {
    const tus = tusRequests(server, ada.cookie);
    const location = (await tus.create({ productId: ada.productId, filename: "odd.bin" }, 10)).headers.get("location")!;
    for (const header of ["crc32 AAAA", "sha1", "sha1 not base64!"]) {
      const response = await tus.patch(location, 0, new Uint8Array(10), { "upload-checksum": header });
      expect({ header, status: response.status }).toEqual({ header, status: 400 });
    }
    expect((await tus.head(location)).headers.get("upload-offset")).toBe("0");
  });

  it("discards a checksummed chunk whose connection drops part-way (it cannot be verified)", async () => {
    const tus = tusRequests(server, ada.cookie);
    const source = randomBytes(1024 * 1024);
    const location = (await tus.create({ productId: ada.productId, filename: "cut.bin" }, source.length)).headers.get(
      "location",
    )!;
    await tus.interruptedPatch(location, 0, source, 256 * 1024, { "upload-checksum": `md5 ${digest("md5", source)}` });
    expect((await tus.head(location)).headers.get("upload-offset")).toBe("0");
  });

  it("records the right SHA-256 after several resumes, computed while the bytes arrive", async () => {
    const tus = tusRequests(server, grace.cookie);
    const source = randomBytes(3 * 1024 * 1024);
    const location = (
      await tus.create({ productId: grace.productId, filename: "resumed.bin" }, source.length)
    ).headers.get("location")!;
    let offset = 0;
    for (const cut of [700_000, 400_000]) {
      await tus.interruptedPatch(location, offset, source.subarray(offset), cut);
      offset = Number((await tus.head(location)).headers.get("upload-offset"));
    }
    expect(offset).toBeGreaterThan(0);
    expect((await tus.patch(location, offset, source.subarray(offset))).status).toBe(204);
    const finished = await rowOf(idOf(location));
    expect(finished?.sha256).toBe(sha256(source));
    // An empty PATCH on the finished upload changes nothing.
    const again = await tus.patch(location, source.length, new Uint8Array(0));
    expect({ status: again.status, offset: again.headers.get("upload-offset") }).toEqual({
      status: 204,
      offset: String(source.length),
    });
    expect((await rowOf(idOf(location)))?.completedAt).toEqual(finished?.completedAt);
  });
});

describe("renaming, reordering and removing product files (POST /api/product-files)", () => {
  async function finishedFile(owner: ProductOwner, name: string) {
    const tus = tusRequests(server, owner.cookie);
    const location = (await tus.create({ productId: owner.productId, filename: name }, 4)).headers.get("location")!;
    await tus.patch(location, 0, new Uint8Array([1, 2, 3, 4]));
    return (await rowOf(idOf(location)))!;
  }
  const post = (owner: ProductOwner | null, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
    return server.request("/api/product-files", {
      method: "POST",
      headers: { ...(owner ? { cookie: owner.cookie } : {}), "content-type": "application/x-www-form-urlencoded" },
      body,
    });
  };

  it("renames a file with a checked name, refuses a bad name and another creator", async () => {
    const file = await finishedFile(grace, "draft.pdf");
    const ok = await post(grace, { intent: "rename", fileId: file.id, name: "  Final guide.pdf " });
    expect(ok.status).toBe(200);
    expect((await rowOf(file.uploadId))?.name).toBe("Final guide.pdf");
    const bad = await post(grace, { intent: "rename", fileId: file.id, name: "../guide.pdf" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ ok: false, message: FILE_NAME_INVALID_MESSAGE });
    const other = await post(ada, { intent: "rename", fileId: file.id, name: "Mine.pdf" });
    expect(other.status).toBe(404);
    expect((await rowOf(file.uploadId))?.name).toBe("Final guide.pdf");
    const signedOut = await post(null, { intent: "rename", fileId: file.id, name: "x.pdf" });
    expect(signedOut.status).toBe(302);
  });

  it("reorders a product's files, and refuses a list that is not exactly its files", async () => {
    const owner = await createProductOwner(server);
    const [a, b, c] = [
      await finishedFile(owner, "a.txt"),
      await finishedFile(owner, "b.txt"),
      await finishedFile(owner, "c.txt"),
    ];
    expect([a, b, c].map((f) => f.position)).toEqual([0, 1, 2]);
    expect(
      (await post(owner, { intent: "reorder", productId: owner.productId, fileIds: [c.id, a.id, b.id] })).status,
    ).toBe(200);
    const positions = async () =>
      Object.fromEntries(
        (await server.db.select().from(productFiles).where(eq(productFiles.productId, owner.productId))).map((f) => [
          f.name,
          f.position,
        ]),
      );
    expect(await positions()).toEqual({ "c.txt": 0, "a.txt": 1, "b.txt": 2 });
    expect((await post(owner, { intent: "reorder", productId: owner.productId, fileIds: [c.id, a.id] })).status).toBe(
      400,
    );
    expect(
      (await post(owner, { intent: "reorder", productId: owner.productId, fileIds: [c.id, a.id, a.id] })).status,
    ).toBe(400);
    expect(
      (await post(ada, { intent: "reorder", productId: owner.productId, fileIds: [a.id, b.id, c.id] })).status,
    ).toBe(400);
    expect(await positions()).toEqual({ "c.txt": 0, "a.txt": 1, "b.txt": 2 });
  });

  it("removes a file and its stored upload, for the owner only", async () => {
    const file = await finishedFile(grace, "remove-me.txt");
    const stored = path.join(uploadsDir(), file.uploadId);
    expect(existsSync(stored)).toBe(true);
    expect((await post(ada, { intent: "remove", fileId: file.id })).status).toBe(404);
    expect(existsSync(stored)).toBe(true);
    expect((await post(grace, { intent: "remove", fileId: file.id })).status).toBe(200);
    expect(existsSync(stored)).toBe(false);
    expect(existsSync(`${stored}.json`)).toBe(false);
    expect(await rowOf(file.uploadId)).toBeUndefined();
    expect((await post(grace, { intent: "remove", fileId: file.id })).status).toBe(404);
  });

  it("deleting a product in the Product Manager removes its stored uploads too", async () => {
    const owner = await createProductOwner(server);
    const file = await finishedFile(owner, "bundle.zip");
    const stored = path.join(uploadsDir(), file.uploadId);
    expect(existsSync(stored)).toBe(true);
    const deleted = await server.request("/tools/products", {
      method: "POST",
      headers: { cookie: owner.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", id: owner.productId }),
      redirect: "manual",
    });
    expect(deleted.status).toBe(302);
    expect(await rowOf(file.uploadId)).toBeUndefined();
    expect(existsSync(stored)).toBe(false);
    expect(existsSync(`${stored}.json`)).toBe(false);
  });
});
