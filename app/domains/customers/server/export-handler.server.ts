import type { IncomingMessage, ServerResponse } from "node:http";
import { readSessionUser } from "~/kernel/session/read-session-user.server";
import { signInPath } from "~/kernel/session/safe-redirect.server";
import {
  CUSTOMERS_EXPORT_PATH,
  customerSearch,
  ORDERS_EXPORT_PATH,
  SUBSCRIBERS_EXPORT_PATH,
} from "~/domains/customers/customer-display";
import { isFulfilmentFilter } from "~/domains/orders/fulfilment-display";
import { isOrderFilter } from "~/domains/orders/order-display";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { creatorTimeZone, savedTimeZoneQuery } from "~/kernel/store/creator-time-zone.server";
import type { RequestContext } from "~/server/http/request-context.server";
import { CLIENT_IP_HEADER } from "~/server/http/session-cookie.server";
import type { AppServices } from "~/server/services.server";
import { exportFileName } from "~/lib/csv";
import { type CsvSink, exportCustomersCsv, exportOrdersCsv, exportSubscribersCsv } from "./export-csv.server";

/** What a CSV export holds. */
type ExportKind = "orders" | "customers" | "subscribers";

/** The export a path names, or null (the Express app then passes the request on). */
export function matchExportPath(pathname: string): ExportKind | null {
  if (pathname === ORDERS_EXPORT_PATH) return "orders";
  if (pathname === CUSTOMERS_EXPORT_PATH) return "customers";
  if (pathname === SUBSCRIBERS_EXPORT_PATH) return "subscribers";
  return null;
}

/** Resolves when `res` drains or closes, removing both listeners. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
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
 * Streams the signed-in seller's orders or customers as a CSV download and records a security event. Mounted on
 * Express: React Router's writer holds every chunk until the response ends.
 */
export function createExportHandler(services: AppServices) {
  const { db, logger } = services;
  return async (req: IncomingMessage, res: ServerResponse, kind: ExportKind): Promise<void> => {
    const headers = headersOf(req);
    const url = new URL(req.url ?? "/", services.env.APP_URL);
    const ctx: RequestContext = {
      headers,
      url,
      meta: {
        ipAddress: headers.get(CLIENT_IP_HEADER) || undefined,
        userAgent: headers.get("user-agent")?.slice(0, 512) || undefined,
      },
    };
    const user = await readSessionUser(services, ctx, { page: savedTimeZoneQuery });
    if (!user?.emailVerified || user.secondFactor === "pending") {
      await recordSecurityEvent(
        db,
        {
          eventType: "unauthorized_access_attempt",
          eventCategory: "authorization",
          severity: "low",
          riskScore: 1,
          details: { route: url.pathname, reason: "no_session" },
        },
        ctx.meta,
      );
      res.writeHead(303, {
        Location: signInPath(url.pathname, url.search),
        "Cache-Control": "no-store",
        "Content-Length": "0",
      });
      return void res.end();
    }
    const timeZone = creatorTimeZone(ctx, user.page);
    const requested = url.searchParams.get("status");
    const status = kind === "orders" && isOrderFilter(requested) ? requested : null;
    const shipped = url.searchParams.get("fulfilment");
    const fulfilment = kind === "orders" && isFulfilmentFilter(shipped) ? shipped : null;
    const search = kind === "customers" ? customerSearch(url.searchParams.get("q")) : null;
    await recordSecurityEvent(
      db,
      {
        userId: user.id,
        eventType: `${kind}_exported`,
        eventCategory: "data",
        severity: "low",
        riskScore: 2,
        details: kind === "orders" ? { status, fulfilment } : kind === "customers" ? { searched: search !== null } : {},
      },
      ctx.meta,
    );
    res.writeHead(200, {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${exportFileName(kind)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
    let closed = false;
    res.on("close", () => {
      closed = true;
    });
    const write: CsvSink = async (chunk) => {
      if (closed) throw new Error("the client closed the export");
      if (!res.write(chunk)) await drained(res);
    };
    try {
      if (kind === "orders") await exportOrdersCsv(db, user.id, { status, fulfilment, timeZone }, write);
      else if (kind === "customers") await exportCustomersCsv(db, user.id, { search, timeZone }, write);
      else await exportSubscribersCsv(db, user.id, { timeZone }, write);
      res.end();
    } catch (error) {
      if (!closed) logger.error({ err: error, kind }, "a CSV export failed");
      // Headers are sent: cut the response, so the download is seen as failed rather than complete.
      res.destroy();
    }
  };
}
