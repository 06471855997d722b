import { AsyncLocalStorage } from "node:async_hooks";
import { PHYSICAL_PRODUCT_TYPE } from "~/domains/catalog/content/product-types";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Server as TusServer } from "@tus/server";
import { poolOf } from "~/db/pool-of.server";
import { EVENTS, ERRORS as TUS_ERRORS, type Upload } from "@tus/utils";
import { eq, sql } from "drizzle-orm";
import { readSessionUser } from "~/kernel/session/read-session-user.server";
import type { PageQuery } from "~/kernel/session/page-query.server";
import { ERRORS } from "~/lib/errors";
import { isDatabaseUnavailable } from "~/server/health/database-health.server";
import { CLIENT_IP_HEADER } from "~/server/http/session-cookie.server";
import type { AppServices } from "~/server/services.server";
import { checkFileName, FILE_TOO_LARGE_MESSAGE, normaliseContentType, UPLOADS_PATH } from "../content/product-files";
import { MAX_PRODUCT_FILE_BYTES } from "../content/product-types";
import { productFiles } from "../tables.server";
import { CHECKSUM_ALGORITHMS, createUploadChunkReceiver } from "./receive-upload-chunk.server";
import { createSha256Worker } from "./sha256-worker.server";
import { createAdvisoryLocker } from "./upload-locker.server";
import { isUuid } from "~/lib/text-formats";

/** The tus upload ids this server makes (`Uid.rand`: 16 random bytes in hex). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The upload a tus URL's path names (`/api/uploads/<id>`, as sent), or "" when it names none. */
function uploadIdOf(pathname: string): string {
  const id = pathname.startsWith(`${UPLOADS_PATH}/`) ? pathname.slice(UPLOADS_PATH.length + 1) : "";
  return UPLOAD_ID.test(id) ? id : "";
}

/** Whether the signed-in user owns upload `id` (the product file row made at its creation). */
function ownsUploadQuery(id: string): PageQuery<boolean> {
  return {
    json: sql`(select f.user_id = me.user_id from product_files f where f.upload_id = ${id})`,
    read: (json) => json === true,
  };
}

export const DEFERRED_LENGTH_MESSAGE = "Please declare the file's size when the upload starts (Upload-Length).";
export const UPLOAD_READ_NOT_ALLOWED_MESSAGE = "Uploads cannot be read back here.";
const DATABASE_DOWN_MESSAGE = "Service temporarily unavailable: the database cannot be reached. Please retry shortly.";

type Actor = { userId: string; uploadId?: string };

/** A tus error the library sends as it is: status and text body. */
function tusError(status: number, body: string) {
  return { status_code: status, body };
}

function answer(res: ServerResponse, status: number, message: string) {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Tus-Resumable", "1.0.0");
  res.end(message);
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

/**
 * The tus endpoint of product files, `/api/uploads`: every request but OPTIONS needs a signed-in
 * session; creating an upload needs a product of that user (metadata `productId`), a valid `filename` and an
 * Upload-Length of at most MAX_PRODUCT_FILE_BYTES (refused before a byte is read); the other requests need
 * the upload's product_files row to be that user's. Bodies are streamed to the store, never buffered. The
 * row is written at creation; on the last byte, the stored file's SHA-256 and the completion time. PATCH is
 * handled by our own receiver (receive-upload-chunk.server.ts: straight to the file, SHA-256 while the bytes
 * arrive, the checksum extension); the other requests by @tus/server. Both lock an upload through PostgreSQL
 * advisory locks, so several instances never write one upload at once.
 */
export function createUploadHandler(services: AppServices) {
  const { db, logger, productFiles: store } = services;
  const actors = new AsyncLocalStorage<Actor>();
  const onError = (error: unknown) => logger.warn({ err: error }, "upload lock connection error");
  // The locker opens its own connections to the app's database (one per upload request in flight).
  const locker = createAdvisoryLocker({ connection: poolOf(db).options, onError });
  // Advertised by OPTIONS (Tus-Extension) along with the store's own extensions.
  if (!store.datastore.extensions.includes("checksum")) store.datastore.extensions.push("checksum");
  const allowedOrigin = new URL(services.env.APP_URL).origin;
  const recordFinished = async (uploadId: string, sha256: string) => {
    await db.update(productFiles).set({ sha256, completedAt: new Date() }).where(eq(productFiles.uploadId, uploadId));
  };
  const receiveChunk = createUploadChunkReceiver({
    store,
    locker,
    allowedOrigin,
    onFinish: (upload, sha256) => recordFinished(upload.id, sha256),
    onError,
    hasher: createSha256Worker(),
  });

  const tus = new TusServer({
    path: UPLOADS_PATH,
    datastore: store.datastore,
    relativeLocation: true,
    maxSize: MAX_PRODUCT_FILE_BYTES,
    // A completed file is removed with its row by the remove verb, not by a tus DELETE.
    disableTerminationForFinishedUploads: true,
    allowedOrigins: [allowedOrigin],
    allowedHeaders: ["Upload-Checksum"],
    locker,
    // The library acts on exactly the upload whose owner was checked, never on an id it reads from the URL itself.
    getFileIdFromRequest: () => actors.getStore()?.uploadId,
    async onUploadCreate(_req, upload: Upload) {
      const actor = actors.getStore();
      if (!actor) throw tusError(401, ERRORS.UPLOAD_SIGN_IN_REQUIRED.message);
      const productId = upload.metadata?.productId ?? "";
      if (!isUuid(productId)) throw tusError(404, ERRORS.UPLOAD_PRODUCT_NOT_FOUND.message);
      const name = checkFileName(upload.metadata?.filename ?? "");
      if (!name.ok) throw tusError(400, name.message);
      const contentType = normaliseContentType(upload.metadata?.filetype);
      // The row, last in the product's order, only when the product is the actor's and digital: one statement.
      const inserted = await db.execute(sql`
        insert into ${productFiles} (product_id, user_id, upload_id, name, content_type, size, position)
        select p.id, p.user_id, ${upload.id}, ${name.name}, ${contentType}, ${upload.size ?? 0},
          coalesce((select max(f.position) + 1 from ${productFiles} f where f.product_id = p.id), 0)
        from products p where p.id = ${productId} and p.user_id = ${actor.userId} and p.type <> ${PHYSICAL_PRODUCT_TYPE}
        returning id`);
      if (inserted.rows.length === 0) throw tusError(404, ERRORS.UPLOAD_PRODUCT_NOT_FOUND.message);
      return { metadata: { ...upload.metadata, filename: name.name, filetype: contentType } };
    },
    // An empty file is complete at creation (every other upload completes in a PATCH, above).
    async onUploadFinish(_req, upload: Upload) {
      await recordFinished(upload.id, await store.sha256Of(upload.id));
      return {};
    },
    onResponseError(_req, error) {
      if (error === TUS_ERRORS.ERR_MAX_SIZE_EXCEEDED) return tusError(413, FILE_TOO_LARGE_MESSAGE);
      if (error === TUS_ERRORS.ERR_LOCK_TIMEOUT) return tusError(ERRORS.UPLOAD_BUSY.status, ERRORS.UPLOAD_BUSY.message);
      if (!("status_code" in error)) {
        logger.error({ err: error }, "upload failed");
        services.errorReporter.capture(error, { mechanism: "tus" });
      }
      return undefined;
    },
  });
  // An unfinished upload the client cancelled (tus DELETE): its row goes too.
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id: string) => {
    db.delete(productFiles)
      .where(eq(productFiles.uploadId, id))
      .catch((error: unknown) =>
        logger.error({ err: error, uploadId: id }, "the row of a cancelled upload could not be removed"),
      );
  });

  async function authorise(req: IncomingMessage, res: ServerResponse): Promise<Actor | null> {
    const headers = headersOf(req);
    const url = new URL(req.url ?? "/", services.env.APP_URL);
    const id = req.method === "POST" ? "" : uploadIdOf(url.pathname);
    // An upload's owner is checked in the session check's own statement (one round trip per tus request).
    const user = await readSessionUser(
      services,
      {
        headers,
        url,
        meta: {
          ipAddress: headers.get(CLIENT_IP_HEADER) || undefined,
          userAgent: headers.get("user-agent")?.slice(0, 512) || undefined,
        },
      },
      id ? { page: ownsUploadQuery(id) } : {},
    );
    if (!user?.emailVerified || user.secondFactor === "pending") {
      answer(res, 401, ERRORS.UPLOAD_SIGN_IN_REQUIRED.message);
      return null;
    }
    if (req.method === "POST") {
      if (url.pathname.replace(/\/+$/, "") !== UPLOADS_PATH) {
        answer(res, 404, ERRORS.PRODUCT_FILE_NOT_FOUND.message);
        return null;
      }
      const declared = req.headers["upload-length"];
      if (declared === undefined && req.headers["upload-defer-length"] !== undefined) {
        answer(res, 400, DEFERRED_LENGTH_MESSAGE);
        return null;
      }
      if (declared !== undefined && Number(declared) > MAX_PRODUCT_FILE_BYTES) {
        answer(res, 413, FILE_TOO_LARGE_MESSAGE);
        return null;
      }
      return { userId: user.id };
    }
    if (!id || user.page !== true) {
      answer(res, 404, ERRORS.PRODUCT_FILE_NOT_FOUND.message);
      return null;
    }
    return { userId: user.id, uploadId: id };
  }

  return async function handleUpload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // tus URLs carry no query: @tus/server would read an upload id from one.
    if (/[?#]/.test(req.url ?? "")) return answer(res, 404, ERRORS.PRODUCT_FILE_NOT_FOUND.message);
    if (req.method === "OPTIONS") {
      res.setHeader("Tus-Checksum-Algorithm", CHECKSUM_ALGORITHMS.join(","));
      return tus.handle(req, res);
    }
    if (req.method === "GET") return answer(res, 405, UPLOAD_READ_NOT_ALLOWED_MESSAGE);
    let actor: Actor | null;
    try {
      actor = await authorise(req, res);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      res.setHeader("Retry-After", "5");
      return answer(res, 503, DATABASE_DOWN_MESSAGE);
    }
    if (!actor) return;
    if (req.method === "PATCH" && actor.uploadId) {
      try {
        return await receiveChunk(req, res, actor.uploadId);
      } catch (error) {
        // The database went away between the owner check and the lock or the completion: retry later.
        if (!isDatabaseUnavailable(error) || res.headersSent) throw error;
        res.setHeader("Retry-After", "5");
        return answer(res, 503, DATABASE_DOWN_MESSAGE);
      }
    }
    await actors.run(actor, () => tus.handle(req, res));
  };
}
