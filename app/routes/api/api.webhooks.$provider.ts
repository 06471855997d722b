import { data } from "react-router";
import { receiveWebhook } from "~/flows/order-lifecycle/server/receive-webhook.server";
import { statusOf } from "~/lib/errors";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/api.webhooks.$provider";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * A payment provider's event, verified by its signature (CSRF-exempt: no session, no Origin), applied once per id.
 * 503 when its order is not found yet, so the provider retries.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const rawBody = Buffer.from(await request.arrayBuffer());
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const result = await receiveWebhook(
    context.services,
    params.provider,
    rawBody,
    headers,
    requestContext(request).meta,
  );
  if (!result.ok)
    return data({ received: false, error: result.message }, { status: statusOf(result.code), headers: NO_STORE });
  return data({ received: true, duplicate: result.duplicate }, { headers: NO_STORE });
}

export function loader() {
  return methodNotAllowed("POST");
}
