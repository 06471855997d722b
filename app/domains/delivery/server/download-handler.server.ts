import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { ERRORS, type ErrorCode, statusOf } from "~/lib/errors";
import type { AppServices } from "~/server/services.server";
import { downloadLimitMessage, INVALID_LINK_MESSAGE, revokedMessage } from "../content/delivery-rules";
import { authorizeDownload } from "./authorize-download.server";
import { type CountedDownload, countDownload } from "./count-download.server";
import { contentDisposition, contentHeaders, fileHeaders, planDownload } from "./download-response.server";
import { downloadRefusalPage } from "./download-refusal-page.server";
import { presignS3GetUrl } from "./presign-s3-get.server";

/** How long a presigned bucket URL works: enough to start the download (the bytes then flow from the bucket). */
const PRESIGNED_URL_SECONDS = 300;

const TITLES: Partial<Record<ErrorCode, string>> = {
  PURCHASE_REVOKED: "Access revoked",
  DOWNLOAD_LINK_EXPIRED: "Download link expired",
  DOWNLOAD_FILE_NOT_FOUND: "File not found",
  DOWNLOAD_LIMIT_REACHED: "Download limit reached",
  DOWNLOAD_UNAVAILABLE: "Download unavailable",
};

function refuse(res: ServerResponse, code: ErrorCode, message: string) {
  const html = downloadRefusalPage(TITLES[code] ?? "Link not valid", message);
  res.writeHead(statusOf(code), {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(html),
    "Cache-Control": "private, no-store",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
  });
  res.end(html);
}

/**
 * The signed file links of the download page: GET/HEAD /purchases/:orderId/files/:fileId?expires=…&sig=….
 * Checks the signature (order + file + buyer + expiry), that the order is still paid (refunded or disputed: 410,
 * a page, never the file) and that the file belongs to what was bought; counts the request against today's limits
 * (429 past them: downloads from byte 0, and bytes sent, so ranges past byte 0 cannot go round the limit); then
 * streams the file (one range → 206, 304 for If-None-Match, 416 past the end), or sends the buyer to a
 * presigned bucket URL when files live in S3.
 *
 * Mounted on the Express app, not as a React Router resource route: React Router's response writer keeps a
 * reference to every chunk it wrote until the response ends (each read is raced against a promise that lives as
 * long as the response), so a 2 GB file would cost 2 GB of memory. Here the file is piped with backpressure.
 */
export function createDownloadHandler(services: Pick<AppServices, "db" | "env" | "logger" | "productFiles">) {
  const { db, env, logger, productFiles } = services;
  return async (
    req: IncomingMessage,
    res: ServerResponse,
    params: { orderId: string; fileId: string },
  ): Promise<void> => {
    const query = new URL(req.url ?? "/", "http://local").searchParams;
    let authorized: Awaited<ReturnType<typeof authorizeDownload>>;
    try {
      authorized = await authorizeDownload(db, env.AUTH_SECRET!, {
        ...params,
        expires: query.get("expires"),
        sig: query.get("sig"),
      });
    } catch (error) {
      logger.error({ err: error }, "a download could not be authorised");
      return refuse(res, "DOWNLOAD_UNAVAILABLE", ERRORS.DOWNLOAD_UNAVAILABLE.message);
    }
    if (!authorized.ok) {
      if (authorized.code === "PURCHASE_REVOKED")
        return refuse(res, authorized.code, revokedMessage(authorized.reason ?? "refunded"));
      if (authorized.code === "DOWNLOAD_LINK_INVALID") return refuse(res, authorized.code, INVALID_LINK_MESSAGE);
      return refuse(res, authorized.code, authorized.message);
    }
    const { file } = authorized;
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === "string" ? value : null;
    };
    const plan = planDownload(file, {
      method: req.method ?? "GET",
      range: header("range"),
      ifRange: header("if-range"),
      ifNoneMatch: header("if-none-match"),
      ifModifiedSince: header("if-modified-since"),
    });
    if (plan.kind === "not-modified") {
      res.writeHead(304, fileHeaders(file));
      return void res.end();
    }
    if (plan.kind === "unsatisfiable") {
      res.writeHead(416, { ...fileHeaders(file), "Content-Range": `bytes */${file.size}`, "Content-Length": "0" });
      return void res.end();
    }
    const head = req.method === "HEAD";
    const bucket =
      productFiles.kind === "s3" && env.S3_BUCKET && env.S3_REGION && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : null;
    // A presigned URL serves any range of the whole file, so sending the buyer there counts the whole file.
    const planned = plan.range && !bucket ? plan.range.end - plan.range.start + 1 : file.size;
    let counted: CountedDownload | null = null;
    if (!head) {
      try {
        const input = {
          orderId: params.orderId,
          fileId: file.id,
          fileSize: file.size,
          bytes: planned,
          newDownload: plan.countsAsNewDownload,
        };
        counted = await countDownload(db, input);
      } catch (error) {
        logger.error({ err: error }, "a download could not be counted");
        return refuse(res, "DOWNLOAD_UNAVAILABLE", ERRORS.DOWNLOAD_UNAVAILABLE.message);
      }
      if (!counted) return refuse(res, "DOWNLOAD_LIMIT_REACHED", downloadLimitMessage());
    }
    const giveBack = (unsent: number) =>
      counted
        ?.giveBack(unsent)
        .catch((error: unknown) =>
          logger.warn({ err: error, fileId: file.id }, "unsent download bytes not given back"),
        );
    if (bucket) {
      const location = await presignS3GetUrl(bucket, file.uploadId, {
        expiresInSeconds: PRESIGNED_URL_SECONDS,
        responseContentDisposition: contentDisposition(file.name),
      });
      res.writeHead(302, {
        Location: location,
        "Cache-Control": "private, no-store",
        "Referrer-Policy": "no-referrer",
        "Content-Length": "0",
      });
      return void res.end();
    }
    if (head || file.size === 0) {
      res.writeHead(plan.range ? 206 : 200, contentHeaders(file, plan.range));
      return void res.end();
    }
    let stream: Awaited<ReturnType<typeof productFiles.readRange>>;
    try {
      stream = await productFiles.readRange(file.uploadId, plan.range ?? undefined);
    } catch (error) {
      logger.error({ err: error, fileId: file.id }, "a purchased file could not be read");
      await giveBack(planned);
      return refuse(res, "DOWNLOAD_UNAVAILABLE", ERRORS.DOWNLOAD_UNAVAILABLE.message);
    }
    res.writeHead(plan.range ? 206 : 200, contentHeaders(file, plan.range));
    let sent = 0;
    stream.on("data", (chunk: Buffer) => {
      sent += chunk.length;
    });
    try {
      await pipeline(stream, res);
    } catch (error) {
      // The buyer's connection closed mid-file (they resume with Range): not an error of ours.
      if (!res.destroyed && !res.writableEnded) logger.warn({ err: error, fileId: file.id }, "a download stopped");
    }
    if (sent < planned) await giveBack(planned - sent);
  };
}
