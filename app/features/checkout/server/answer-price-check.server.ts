import type { Database } from "~/db/database.server";
import { type CheckoutSubmission, checkoutAnswer, checkoutRefusal } from "~/features/checkout/checkout-answer";
import type { CheckoutFormInput } from "~/features/checkout/schemas/checkout";
import type { RequestMeta } from "~/server/http/request-meta.server";
import { previewCheckoutPrice } from "./preview-checkout-price.server";
import { quoteAnswer } from "./quote-answer.server";
import type { ResolvedLine } from "./resolve-checkout-lines.server";

/** Answers the form's `apply` intent: the lines priced with the typed code, country and shipping option, or the refusal. */
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
