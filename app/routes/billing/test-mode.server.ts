import { data } from "react-router";
import { ERRORS } from "~/lib/errors";
import { requireUser } from "~/routes/http/require-user.server";
import type { RequestContext } from "~/server/http/request-context.server";
import type { AppServices } from "~/server/services.server";

/** A TEST MODE page's guard: 404 unless the built-in billing test provider is on, then the signed-in creator. */
export async function requireTestMode(services: AppServices, ctx: RequestContext, batch?: object) {
  if (!services.billing.test) throw testModeNotFound();
  const user = await requireUser(services, ctx, { batch });
  return { user, actor: { userId: user.id, email: user.email } };
}

/** The 404 of a TEST MODE page that is off, or of a checkout or invoice that is not the creator's. */
export function testModeNotFound(
  code: "BILLING_TEST_MODE_ONLY" | "BILLING_CHECKOUT_NOT_FOUND" = "BILLING_TEST_MODE_ONLY",
) {
  return data({ code, message: ERRORS[code].message }, { status: 404 });
}
