import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { CurrentUser } from "~/features/accounts/server/get-current-user.server";
import { formatMoney } from "~/lib/money";
import { orderPath } from "~/features/orders/order-display";
import { refundSchema } from "~/features/orders/schemas/refund";
import { ERRORS, type ErrorBody, formErrorsOf, statusOf } from "~/lib/errors";
import type { ToastMessage } from "~/lib/toast";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { refundOrder } from "./refund-order.server";

/** The same thrown 404 for a missing order and another seller's. */
export function orderNotFound(): never {
  throw data<ErrorBody>({ code: "ORDER_NOT_FOUND", message: ERRORS.ORDER_NOT_FOUND.message }, { status: 404 });
}

/**
 * The order page's two-step refund form: `review` checks the amount and asks to confirm, `refund` refunds it and
 * returns to the order.
 */
export async function submitRefund(
  services: AppServices,
  user: CurrentUser,
  orderId: string,
  formData: FormData,
  meta: RequestMeta,
  currency: string,
) {
  const submission = parseWithZod(formData, { schema: refundSchema(Number.MAX_SAFE_INTEGER, currency) });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply(),
        confirm: null,
        toast: {
          type: "error",
          title: "Not refunded",
          description: "Please correct the amount.",
        } satisfies ToastMessage,
      },
      { status: 400 },
    );
  }
  const { intent, amount } = submission.value;
  if (intent === "review")
    return {
      result: submission.reply(),
      confirm: { amountCents: amount, label: formatMoney(amount, currency) },
      toast: null,
    };
  const refunded = await refundOrder(services, user.id, orderId, amount, meta);
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
    return data(
      {
        result: submission.reply(formErrorsOf(refunded)),
        confirm: null,
        toast: { type: "error", title: "Not refunded", description: refunded.message } satisfies ToastMessage,
      },
      { status: statusOf(refunded.code) },
    );
  }
  return redirectWithToast(orderPath(orderId), {
    type: "success",
    title: refunded.full
      ? `Refunded ${formatMoney(refunded.amountCents, refunded.currency)}: the order is fully refunded`
      : `Refunded ${formatMoney(refunded.amountCents, refunded.currency)}`,
  });
}
