import { renderToStaticMarkup } from "react-dom/server";
import { DownloadRefusalDocument } from "~/features/delivery/components/download-refusal-document";
import { downloadLimitMessage, INVALID_LINK_MESSAGE, revokedMessage } from "~/features/delivery/content/delivery-rules";
import { authorizeDownload } from "~/features/delivery/server/authorize-download.server";
import { countDownload } from "~/features/delivery/server/count-download.server";
import {
  contentDisposition,
  fileResponse,
  notModifiedResponse,
  planDownload,
  unsatisfiableResponse,
} from "~/features/delivery/server/download-response.server";
import { presignS3GetUrl } from "~/features/delivery/server/presign-s3-get.server";
import { ERRORS, type ErrorCode, statusOf } from "~/lib/errors";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import stylesheet from "~/styles/app.css?url";
import type { Route } from "./+types/purchases-file";

/** How long a presigned bucket URL works: enough to start the download (the bytes then flow from the bucket). */
const PRESIGNED_URL_SECONDS = 300;

/** A refusal: a small HTML page saying why, with the status of its code, never the file. */
function refusal(code: ErrorCode, title: string, message: string): Response {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<DownloadRefusalDocument title={title} message={message} stylesheet={stylesheet} />)}`;
  return new Response(html, {
    status: statusOf(code),
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}

/**
 * A signed file link of the download page (issue 15.5): /purchases/:orderId/files/:fileId?expires=…&sig=….
 * Checks the signature (order + file + buyer + expiry), that the order is still paid (refunded or disputed: 410,
 * a page, never the file) and that the file belongs to what was bought; counts a new download against today's
 * limit (429 past it; a Range continuation does not count); then streams the file with Range/ETag support, or
 * sends the buyer to a presigned bucket URL when files live in S3.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, env, productFiles, logger } = context.services;
  const query = new URL(request.url).searchParams;
  const authorized = await authorizeDownload(db, env.AUTH_SECRET!, {
    orderId: params.orderId,
    fileId: params.fileId,
    expires: query.get("expires"),
    sig: query.get("sig"),
  });
  if (!authorized.ok) {
    switch (authorized.code) {
      case "PURCHASE_REVOKED":
        return refusal(authorized.code, "Access revoked", revokedMessage(authorized.reason ?? "refunded"));
      case "DOWNLOAD_LINK_EXPIRED":
        return refusal(authorized.code, "Download link expired", ERRORS.DOWNLOAD_LINK_EXPIRED.message);
      case "DOWNLOAD_FILE_NOT_FOUND":
        return refusal(authorized.code, "File not found", ERRORS.DOWNLOAD_FILE_NOT_FOUND.message);
      default:
        return refusal(authorized.code, "Link not valid", INVALID_LINK_MESSAGE);
    }
  }
  const { file } = authorized;
  const plan = planDownload(file, {
    method: request.method,
    range: request.headers.get("range"),
    ifRange: request.headers.get("if-range"),
    ifNoneMatch: request.headers.get("if-none-match"),
  });
  if (plan.kind === "not-modified") return notModifiedResponse(file);
  if (plan.kind === "unsatisfiable") return unsatisfiableResponse(file);
  if (plan.countsAsNewDownload && request.method !== "HEAD" && !(await countDownload(db, { orderId: params.orderId, fileId: file.id }))) {
    return refusal("DOWNLOAD_LIMIT_REACHED", "Download limit reached", downloadLimitMessage());
  }
  if (productFiles.kind === "s3" && env.S3_BUCKET && env.S3_REGION && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    const location = presignS3GetUrl(
      { endpoint: env.S3_ENDPOINT, region: env.S3_REGION, bucket: env.S3_BUCKET, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
      file.uploadId,
      { expiresInSeconds: PRESIGNED_URL_SECONDS, responseContentDisposition: contentDisposition(file.name) },
    );
    return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } });
  }
  try {
    return await fileResponse(productFiles, file, plan.range, request.method);
  } catch (error) {
    logger.error({ err: error, fileId: file.id }, "a purchased file could not be read");
    return refusal("DOWNLOAD_UNAVAILABLE", "Download unavailable", ERRORS.DOWNLOAD_UNAVAILABLE.message);
  }
}

/** Read-only: writes are answered 405. */
export const action = () => methodNotAllowed();
