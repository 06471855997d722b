import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import type { PriceSummaryData, ShippingAnswer } from "~/flows/checkout/checkout-quote";
import type { CheckoutFormInput, checkoutSchema } from "~/flows/checkout/schemas/checkout";
import { previewCheckoutPrice } from "~/flows/checkout/server/preview-checkout-price.server";
import { quoteAnswer } from "~/flows/checkout/server/quote-answer.server";
import type { ResolvedLine } from "~/flows/checkout/server/resolve-checkout-lines.server";
import type { Database } from "~/db/database.server";
import { type Failure, fieldOf, statusOf } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";

/** A parsed checkout form, as both checkout pages' actions hold it. */
export type CheckoutSubmission = Submission<z.input<typeof checkoutSchema>, string[], z.output<typeof checkoutSchema>>;

/** The checkout form's answer: Conform's reply (errors and typed values), the price summary and shipping options. */
export function checkoutAnswer(
  submission: CheckoutSubmission,
  status: number,
  summary: PriceSummaryData | null = null,
  shipping: ShippingAnswer = null,
) {
  return data({ result: submission.reply(), summary, shipping }, { status });
}

/** A refusal on its field, a stock shortage on `stockField` (else the form's), with Retry-After when rate limited. */
export function checkoutRefusal(
  submission: CheckoutSubmission,
  failure: Failure,
  { stockField = null, shipping = null }: { stockField?: string | null; shipping?: ShippingAnswer } = {},
) {
  const field = failure.code === "STOCK_INSUFFICIENT" ? stockField : fieldOf(failure.code);
  const errors = field ? { fieldErrors: { [field]: [failure.message] } } : { formErrors: [failure.message] };
  const headers = "retryAfterSeconds" in failure ? { "Retry-After": String(failure.retryAfterSeconds) } : undefined;
  return data(
    { result: submission.reply(errors), summary: null, shipping },
    { status: statusOf(failure.code), headers },
  );
}

/** Answers the form's `apply` intent: the lines priced with the typed code, country and shipping option, or why not. */
export async function answerPriceCheck(
  db: Database,
  meta: RequestMeta,
  submission: CheckoutSubmission,
  lines: readonly ResolvedLine[],
  form: CheckoutFormInput,
  stockField: string | null,
) {
  const price = await previewCheckoutPrice(
    db,
    lines,
    { discountCode: form.discountCode, country: form.country || undefined, shippingRateId: form.shippingRateId },
    meta,
  );
  if (!price.ok) return checkoutRefusal(submission, price, { stockField });
  const quoted = quoteAnswer(price);
  return checkoutAnswer(submission, 200, quoted.summary, quoted.shipping);
}
