import { sql } from "drizzle-orm";
import { completedProductFilesSql } from "~/domains/catalog/server/product-file-sql.server";
import { orderForDownloadSql } from "~/domains/orders/server/buyer-orders-sql.server";
import { orderDigitalProductsSql } from "~/domains/orders/server/order-lines-sql.server";
import type { Database } from "~/db/database.server";
import type { OrderStatus } from "~/domains/orders/order-status";
import { type Failure, fail } from "~/lib/errors";
import type { RevocationReason } from "../content/delivery-rules";
import { checkDownloadSignature } from "./download-signature.server";
import { isUuid } from "~/lib/text-formats";

/** A file a signed link may serve; the stored name is a header value, never a path. */
export type DownloadableFile = {
  id: string;
  uploadId: string;
  name: string;
  contentType: string;
  size: number;
  /** SHA-256 (hex) of the bytes, used as the strong ETag. */
  sha256: string;
  completedAt: Date;
};

export type DownloadAuthorization =
  | { ok: true; file: DownloadableFile }
  | (Failure<"DOWNLOAD_LINK_INVALID" | "DOWNLOAD_LINK_EXPIRED" | "DOWNLOAD_FILE_NOT_FOUND" | "PURCHASE_REVOKED"> & {
      reason?: RevocationReason;
    });

type Row = {
  status: OrderStatus;
  customer_email: string;
  file_id: string | null;
  upload_id: string | null;
  name: string | null;
  content_type: string | null;
  size: string | number | null;
  sha256: string | null;
  completed_at: string | null;
};

/**
 * Whether a signed file link may serve its file now: the order still paid, the file a completed file of its product.
 */
export async function authorizeDownload(
  db: Database,
  authSecret: string,
  input: { orderId: string; fileId: string; expires: string | null; sig: string | null },
  now = Date.now(),
): Promise<DownloadAuthorization> {
  if (!isUuid(input.orderId) || !isUuid(input.fileId)) return fail("DOWNLOAD_LINK_INVALID");
  const result = await db.execute<Row>(sql`
    select o.status, o.customer_email, f.id as file_id, f.upload_id, f.name, f.content_type, f.size, f.sha256,
      f.completed_at
    from (${orderForDownloadSql(input.orderId)}) o
    left join (${completedProductFilesSql}) f
      on f.id = ${input.fileId}::uuid and f.product_id in ${orderDigitalProductsSql}`);
  const row = result.rows[0];
  if (!row) return fail("DOWNLOAD_LINK_INVALID");
  const signature = checkDownloadSignature(authSecret, { ...input, email: row.customer_email }, now);
  if (signature === "invalid") return fail("DOWNLOAD_LINK_INVALID");
  if (row.status === "refunded" || row.status === "disputed")
    return { ...fail("PURCHASE_REVOKED"), reason: row.status };
  if (row.status !== "paid") return fail("DOWNLOAD_LINK_INVALID");
  if (signature === "expired") return fail("DOWNLOAD_LINK_EXPIRED");
  if (!row.file_id || !row.upload_id || !row.sha256 || !row.completed_at) return fail("DOWNLOAD_FILE_NOT_FOUND");
  return {
    ok: true,
    file: {
      id: row.file_id,
      uploadId: row.upload_id,
      name: row.name ?? "download",
      contentType: row.content_type ?? "application/octet-stream",
      size: Number(row.size),
      sha256: row.sha256,
      completedAt: new Date(row.completed_at),
    },
  };
}
