import { data } from "react-router";
import type { BillingEvent } from "~/domains/billing/server/billing-provider.server";
import { applyBillingEvents } from "~/domains/billing/server/apply-billing-events.server";
import { type Failure, fail, statusOf } from "~/lib/errors";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";
import { WebhookVerificationError } from "~/server/http/webhook-verification-error.server";
import type { Route } from "./+types/api.webhooks.billing.stripe";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Stripe Billing's events about Sellkit's own plans, verified by signature (no session, no Origin), applied once per
 * id.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { services } = context;
  const provider = services.billing.stripe;
  if (!provider) return refused(fail("WEBHOOK_PROVIDER_UNKNOWN"));
  let events: BillingEvent[];
  try {
    events = await provider.verifyWebhook(await request.text(), request.headers);
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    services.logger.warn({ provider: "billing:stripe", reason: error.message }, "webhook refused: verification failed");
    return refused(fail("WEBHOOK_INVALID"));
  }
  const mail = { mailer: services.mailer, env: services.env, meta: requestContext(request).meta };
  const { applied, duplicates } = await applyBillingEvents(services.db, "stripe", events, mail);
  return data({ received: true, applied, duplicates }, { headers: NO_STORE });
}

function refused(failure: Failure<"WEBHOOK_INVALID" | "WEBHOOK_PROVIDER_UNKNOWN">) {
  return data({ received: false, error: failure.message }, { status: statusOf(failure.code), headers: NO_STORE });
}

export function loader() {
  return methodNotAllowed("POST");
}
