import { data } from "react-router";
import { quantityFromQuery } from "~/flows/checkout/line-quantity";
import { previewCheckoutPrice } from "~/flows/checkout/server/preview-checkout-price.server";
import { quoteAnswer } from "~/flows/checkout/server/quote-answer.server";
import { resolveCheckoutLines } from "~/flows/checkout/server/resolve-checkout-lines.server";
import { isCountryCode } from "~/domains/shipping/content/countries";
import { ADDRESS_MESSAGES } from "~/domains/shipping/address";
import { REGION_LABELS, regionsOf } from "~/domains/shipping/content/regions";
import { statusOf } from "~/lib/errors";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/s.$handle.$slug.shipping-options";

/** The buy page's shipping options for a country as JSON, each priced on the server for the variant and quantity. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const country = (url.searchParams.get("country") ?? "").trim().toUpperCase();
  if (!isCountryCode(country))
    return data({ summary: null, shipping: null, regions: [], error: ADDRESS_MESSAGES.country }, { status: 400 });
  const regions = { regions: regionsOf(country), regionLabel: REGION_LABELS[country] ?? null };
  const resolved = await resolveCheckoutLines(context.services.db, [
    {
      product: { handle: params.handle, slug: params.slug },
      variantId: url.searchParams.get("variant") || undefined,
      quantity: quantityFromQuery(url.searchParams.get("quantity")),
    },
  ]);
  if (!resolved.ok)
    return data(
      { summary: null, shipping: null, ...regions, error: resolved.message },
      { status: statusOf(resolved.code) },
    );
  const price = await previewCheckoutPrice(
    context.services.db,
    resolved.lines,
    { country, discountCode: url.searchParams.get("discountCode")?.slice(0, 64) || undefined },
    requestContext(request).meta,
  );
  if (!price.ok)
    return data({ summary: null, shipping: null, ...regions, error: price.message }, { status: statusOf(price.code) });
  return { ...quoteAnswer(price), ...regions, error: null };
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
