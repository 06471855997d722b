import { data } from "react-router";
import { requireUser } from "~/routes/http/require-user.server";
import { counterReceiptStatus } from "~/domains/delivery/server/counter-receipt-status.server";
import { posSaleSchema } from "~/flows/pos/schemas/pos-sale";
import { CONNECTED_PAYMENT_METHODS, type PosPaymentMethod } from "~/flows/pos/pos-rules";
import { posCardReader } from "~/flows/pos/server/pos-card-reader.server";
import { qrCodePath } from "~/flows/pos/server/qr-code-path.server";
import { recordPosSale } from "~/flows/pos/server/record-pos-sale.server";
import { statusOf } from "~/lib/errors";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/api.pos.sales";

/** The largest sale body a device may send (200 lines with their signed prices fit well within it). */
const MAX_SALE_BYTES = 128 * 1024;

/** A device's counter sale from its outbox, recorded once per device id so a replay answers the same order. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUser(context.services, requestContext(request));
  const text = await request.text();
  if (text.length > MAX_SALE_BYTES) return data({ error: "This sale is too large to record." }, { status: 413 });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return data({ error: "This sale could not be read." }, { status: 400 });
  }
  const parsed = posSaleSchema.safeParse(body);
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "This sale could not be read." }, { status: 400 });
  const { services } = context;
  const connected = parsed.data.payments.find((p) => CONNECTED_PAYMENT_METHODS.includes(p.method as PosPaymentMethod));
  const reader = connected
    ? await posCardReader(services.db, services.payments, user.id, {
        shiftId: parsed.data.shiftId,
        method: connected.method,
      })
    : null;
  const result = await recordPosSale(
    {
      db: services.db,
      mailer: services.mailer,
      appUrl: services.env.APP_URL,
      authSecret: services.env.AUTH_SECRET ?? "",
      reader,
    },
    user.id,
    parsed.data,
  );
  if (!result.ok) return data({ error: result.message, code: result.code }, { status: statusOf(result.code) });
  // Whether the receipt was emailed, in words the cashier can read out.
  const receipt = await counterReceiptStatus(services.db, user.id, result.orderId);
  // The buyer scans the pay-on-phone link from the register's screen.
  if (result.payment?.method === "pay_on_phone")
    return data({ ...result, receipt, qr: qrCodePath(result.payment.payUrl) });
  return data({ ...result, receipt });
}

/** Sales are sent, never read here. */
export const loader = () => methodNotAllowed("POST");
