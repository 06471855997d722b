import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { CurrentUser } from "~/kernel/session/get-current-user.server";
import { orderPath } from "~/features/orders/order-display";
import { type FulfilAnswer, fulfilSchema } from "~/features/orders/schemas/fulfil";
import { formErrorsOf, statusOf } from "~/lib/errors";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { fulfilOrderLines } from "~/features/order-lifecycle/server/fulfil-order-lines.server";
import { orderNotFound } from "./submit-refund.server";

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
