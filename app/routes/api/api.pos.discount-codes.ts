import { data } from "react-router";
import { requireUser } from "~/routes/http/require-user.server";
import { posDiscountCodeSchema } from "~/flows/pos/schemas/pos-discount-code";
import { checkPosDiscountCode } from "~/flows/pos/server/check-pos-discount-code.server";
import { statusOf } from "~/lib/errors";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/api.pos.discount-codes";

/** A store discount code tried in the counter's cart: its terms, or why it does not apply. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  let body: unknown;
  try {
    body = JSON.parse((await request.text()).slice(0, 16_000));
  } catch {
    return data({ error: "This request could not be read." }, { status: 400 });
  }
  const parsed = posDiscountCodeSchema.safeParse(body);
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "This request could not be read." }, { status: 400 });
  const result = await checkPosDiscountCode(context.services.db, user.id, parsed.data, ctx.meta);
  if (!result.ok) {
    const headers = "retryAfterSeconds" in result ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data({ error: result.message, code: result.code }, { status: statusOf(result.code), headers });
  }
  return data(result);
}

/** Codes are tried, never listed here. */
export const loader = () => methodNotAllowed("POST");
