import { data } from "react-router";
import { embedCatalogOf } from "~/domains/catalog/embed-catalog";
import { readStorefront } from "~/domains/catalog/server/read-storefront.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/s.$handle.products[.]json";

/** Public catalog data any website may read: no credentials, nothing a storefront does not already show. */
const PUBLIC_JSON = {
  "Access-Control-Allow-Origin": "*",
  "Cache-Control": "public, max-age=30",
};

/** A store's published products as JSON for sellkit.js's buy buttons, product widget and cart. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  // A preflight (a page whose requests carry headers of its own) may read; React Router sends OPTIONS here.
  if (request.method === "OPTIONS")
    return new Response(null, {
      status: 204,
      headers: {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": "GET",
        "Access-Control-Allow-Headers": "*",
        "Access-Control-Max-Age": "600",
      },
    });
  const storefront = await readStorefront(context.services.db, params.handle);
  if (!storefront)
    return data(
      { error: "This store does not exist." },
      { status: 404, headers: { ...PUBLIC_JSON, "Cache-Control": "no-store" } },
    );
  return data(embedCatalogOf(context.services.env.APP_URL, storefront.store, storefront.products), {
    headers: PUBLIC_JSON,
  });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
