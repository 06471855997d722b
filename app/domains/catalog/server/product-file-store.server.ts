import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import { type DataStore, ERRORS as TUS_ERRORS } from "@tus/utils";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import { PARTIAL_UPLOAD_LIFETIME_MS } from "../content/product-files";
import { productFiles } from "../tables.server";

/** S3 multipart parts (the minimum is 5 MiB; 2 GB is then 256 parts, far from the 10,000 limit). */
const S3_PART_BYTES = 8 * 1024 * 1024;

/**
 * The tus store of product files: `@tus/s3-store` with removal that also deletes completed objects
 * (`S3Store.remove` gives up when the multipart upload is already completed, leaving the object behind).
 */
class ProductS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (error) {
      if (error !== TUS_ERRORS.FILE_NOT_FOUND) throw error;
    }
    // The completed object, its info object and an incomplete part: whichever exist.
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }] },
    });
    await this.clearCache(id);
  }

  /** Bytes `start`..`end` (inclusive) of a completed object, or all of it: one GetObject, streamed. */
  async readRange(id: string, range?: ByteRange): Promise<Readable> {
    const answer = await this.client.getObject({
      Bucket: this.bucket,
      Key: id,
      Range: range ? `bytes=${range.start}-${range.end}` : undefined,
    });
    const body = answer.Body as Readable | undefined;
    if (typeof body?.pipe !== "function") throw new Error("S3 GetObject answered without a body stream");
    return body;
  }
}

/** A byte range of a stored file, both ends inclusive (as in HTTP). */
export type ByteRange = { start: number; end: number };

export type ProductFileStore = {
  kind: "file" | "s3";
  datastore: DataStore;
  /** The stored bytes of a completed upload, streamed. */
  read: (uploadId: string) => Promise<Readable>;
  /**
   * Bytes `start`..`end` (inclusive) of a completed upload, or all of it, streamed from DATA_DIR (a file read
   * from that offset) or the bucket (a ranged GetObject): downloads and their resumption.
   */
  readRange: (uploadId: string, range?: ByteRange) => Promise<Readable>;
  /** SHA-256 (hex) of a stored upload, computed by streaming it (never held in memory). */
  sha256Of: (uploadId: string) => Promise<string>;
  /** Removes a stored upload; one that is already gone is not an error. */
  remove: (uploadId: string) => Promise<void>;
  /**
   * Removes partial uploads not completed within PARTIAL_UPLOAD_LIFETIME_MS, with their rows; returns how many.
   * `now` is for tests.
   */
  sweepExpired: (now?: Date) => Promise<number>;
  /** Starts the periodic sweep (every `intervalMs`); returns its stop. */
  startSweeping: (intervalMs: number) => () => void;
};

/** Product files in DATA_DIR/uploads, or in the S3 bucket of the S3_* settings. */
export function createProductFileStore({
  env,
  db,
  logger,
}: {
  env: Env;
  db: Database;
  logger: Logger;
}): ProductFileStore {
  const datastore: FileStore | ProductS3Store = env.S3_BUCKET
    ? new ProductS3Store({
        partSize: S3_PART_BYTES,
        expirationPeriodInMilliseconds: PARTIAL_UPLOAD_LIFETIME_MS,
        // Object tags are optional in S3-compatible services; the sweep below does not need them.
        useTags: false,
        s3ClientConfig: {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: Boolean(env.S3_ENDPOINT),
          // Checksums only where S3 requires them: S3-compatible services differ on the SDK's streaming ones.
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
          credentials: { accessKeyId: env.S3_ACCESS_KEY_ID ?? "", secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "" },
        },
      })
    : new FileStore({
        directory: path.resolve(env.DATA_DIR, "uploads"),
        expirationPeriodInMilliseconds: PARTIAL_UPLOAD_LIFETIME_MS,
      });

  const read = async (uploadId: string): Promise<Readable> => await datastore.read(uploadId);

  const readRange = async (uploadId: string, range?: ByteRange): Promise<Readable> => {
    if (datastore instanceof ProductS3Store) return await datastore.readRange(uploadId, range);
    const file = path.join(datastore.directory, path.basename(uploadId));
    const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
    // Opened before it is handed on, so a missing file fails here, not half-way through an answer.
    await new Promise<void>((resolve, reject) => {
      stream.once("open", () => resolve());
      stream.once("error", reject);
    });
    return stream;
  };

  const remove = async (uploadId: string) => {
    try {
      await datastore.remove(uploadId);
    } catch (error) {
      if (error !== TUS_ERRORS.FILE_NOT_FOUND) throw error;
    }
  };

  const sweepExpired = async (now = new Date()) => {
    const cutoff = new Date(now.getTime() - PARTIAL_UPLOAD_LIFETIME_MS);
    const expired = await db
      .select({ id: productFiles.id, uploadId: productFiles.uploadId })
      .from(productFiles)
      .where(and(isNull(productFiles.completedAt), lt(productFiles.createdAt, cutoff)))
      .limit(1000);
    let removed = 0;
    for (const row of expired) {
      try {
        await remove(row.uploadId);
        removed += 1;
      } catch (error) {
        logger.warn(
          { err: error, uploadId: row.uploadId },
          "an expired upload could not be removed; the next sweep retries",
        );
        continue;
      }
      await db.delete(productFiles).where(and(eq(productFiles.id, row.id), isNull(productFiles.completedAt)));
    }
    if (removed > 0) logger.info({ removed }, "expired partial uploads removed");
    return removed;
  };

  return {
    kind: env.S3_BUCKET ? "s3" : "file",
    datastore,
    read,
    readRange,
    remove,
    sweepExpired,
    async sha256Of(uploadId) {
      const hash = createHash("sha256");
      await pipeline(await read(uploadId), hash);
      return hash.digest("hex");
    },
    startSweeping(intervalMs) {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        sweepExpired()
          .catch((error: unknown) => logger.error({ err: error }, "the sweep of expired uploads failed"))
          .finally(() => {
            running = false;
          });
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
