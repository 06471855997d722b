import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { formatMoney } from "~/lib/money";
import { orderPath } from "~/domains/orders/order-display";
import type { LineRefundRequest } from "~/domains/orders/order-lines";
import { type FulfilAnswer, fulfilSchema } from "~/domains/orders/schemas/fulfil";
import { LINE_REFUND_FORM, lineRefundSchema, type RefundConfirm, refundSchema } from "~/domains/orders/schemas/refund";
import { resendReceiptSchema } from "~/domains/orders/schemas/resend-receipt";
import { fulfilOrderLines } from "~/flows/order-lifecycle/server/fulfil-order-lines.server";
import { priceLineRefund } from "~/domains/orders/server/price-line-refund.server";
import { refundOrder } from "~/flows/order-lifecycle/server/refund-order.server";
import { resendReceipt } from "~/flows/order-lifecycle/server/resend-receipt.server";
import { ERRORS, type ErrorBody, type ErrorCode, formErrorsOf, statusOf } from "~/lib/errors";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { AppServices } from "~/server/services.server";

/** The same thrown 404 for a missing order and another seller's. */
export function orderNotFound(): never {
  throw data<ErrorBody>({ code: "ORDER_NOT_FOUND", message: ERRORS.ORDER_NOT_FOUND.message }, { status: 404 });
}

/** The order page's two-step refund forms: `review` prices and asks to confirm, `refund` refunds. */
export async function submitRefund(
  services: AppServices,
  user: CurrentUser,
  order: { id: string; currency: string; leftCents: number },
  formData: FormData,
  meta: RequestMeta,
) {
  const { id: orderId, currency } = order;
  const byLines = formData.get("by") === LINE_REFUND_FORM;
  const submission = byLines
    ? parseWithZod(formData, { schema: lineRefundSchema })
    : parseWithZod(formData, { schema: refundSchema(Number.MAX_SAFE_INTEGER, currency) });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply(),
        confirm: null,
        toast: {
          type: "error",
          title: "Not refunded",
          description: byLines ? "Please correct the units." : "Please correct the amount.",
        } satisfies ToastMessage,
      },
      { status: 400 },
    );
  }
  const value = submission.value;
  const what: number | LineRefundRequest =
    "amount" in value ? value.amount : { lines: value.lines, restock: value.restock };
  if (value.intent === "review") {
    const priced = typeof what === "number" ? null : await priceLineRefund(services.db, orderId, what, order.leftCents);
    if (priced && !priced.ok) return refusal(submission.reply(formErrorsOf(priced)), priced.code, priced.message);
    const amountCents = priced ? priced.amountCents : (what as number);
    return {
      result: submission.reply(),
      confirm: {
        amountCents,
        label: formatMoney(amountCents, currency),
        lines: typeof what === "number" ? null : what,
      } satisfies RefundConfirm,
      toast: null,
    };
  }
  const refunded = await refundOrder(services, user.id, orderId, what, meta);
  if (!refunded.ok) {
    if (refunded.code === "ORDER_NOT_FOUND") orderNotFound();
    // The provider may have refunded: the order's page shows the refund as pending confirmation.
    if (refunded.code === "REFUND_UNCONFIRMED") {
      return redirectWithToast(orderPath(orderId), {
        type: "warning",
        title: "Refund pending confirmation",
        description: refunded.message,
      });
    }
    return refusal(submission.reply(formErrorsOf(refunded)), refunded.code, refunded.message);
  }
  return redirectWithToast(orderPath(orderId), {
    type: "success",
    title: refunded.full
      ? `Refunded ${formatMoney(refunded.amountCents, refunded.currency)}: the order is fully refunded`
      : `Refunded ${formatMoney(refunded.amountCents, refunded.currency)}`,
  });
}

function refusal(result: SubmissionResult<string[]>, code: ErrorCode, message: string) {
  return data(
    {
      result,
      confirm: null,
      toast: { type: "error", title: "Not refunded", description: message } satisfies ToastMessage,
    },
    { status: statusOf(code) },
  );
}

/** The order page's "Mark as fulfilled" form: records the shipment and returns to the order, or shows why not. */
export async function submitFulfilment(services: AppServices, user: CurrentUser, orderId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: fulfilSchema() });
  const refused = (result: SubmissionResult<string[]>, description: string, status: number) =>
    data<FulfilAnswer>(
      { form: "fulfil", result, toast: { type: "error", title: "Not marked as fulfilled", description } },
      { status },
    );
  if (submission.status !== "success")
    return refused(submission.reply(), "Please correct the highlighted fields.", 400);
  const { intent: _intent, ...input } = submission.value;
  const shipped = await fulfilOrderLines(services, user.id, orderId, input);
  if (!shipped.ok) {
    if (shipped.code === "ORDER_NOT_FOUND") orderNotFound();
    return refused(submission.reply(formErrorsOf(shipped)), shipped.message, statusOf(shipped.code));
  }
  const units = shipped.units === 1 ? "1 unit" : `${shipped.units} units`;
  return redirectWithToast(orderPath(orderId), {
    type: "success",
    title: shipped.status === "fulfilled" ? `Shipped ${units}: the order is fulfilled` : `Shipped ${units}`,
    description: "The buyer was emailed the shipment's details.",
  });
}

/** What the order's page shows after a refused resend: the reason, announced, and a toast. */
export type ResendReceiptAnswer = { form: "resend-receipt"; error: string; toast: ToastMessage };

/** The order page's "Resend receipt" form: resends it and returns to the order, or shows why not. */
export async function submitResendReceipt(
  services: AppServices,
  user: CurrentUser,
  orderId: string,
  formData: FormData,
  meta: RequestMeta,
) {
  const submission = parseWithZod(formData, { schema: resendReceiptSchema });
  if (submission.status !== "success") {
    return data<ResendReceiptAnswer>(
      {
        form: "resend-receipt",
        error: "Please try again.",
        toast: { type: "error", title: "Receipt not sent", description: "Please try again." },
      },
      { status: 400 },
    );
  }
  const sent = await resendReceipt(services, user.id, orderId, meta);
  if (!sent.ok) {
    if (sent.code === "ORDER_NOT_FOUND") orderNotFound();
    return data<ResendReceiptAnswer>(
      {
        form: "resend-receipt",
        error: sent.message,
        toast: { type: "error", title: "Receipt not sent", description: sent.message },
      },
      { status: statusOf(sent.code) },
    );
  }
  return redirectWithToast(orderPath(orderId), { type: "success", title: `Receipt sent again to ${sent.to}` });
}
