import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { CurrentUser } from "~/kernel/session/get-current-user.server";
import { orderPath } from "~/features/orders/order-display";
import { resendReceiptSchema } from "~/features/orders/schemas/resend-receipt";
import { statusOf } from "~/lib/errors";
import type { ToastMessage } from "~/lib/toast";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { resendReceipt } from "~/features/order-lifecycle/server/resend-receipt.server";
import { orderNotFound } from "./submit-refund.server";

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
