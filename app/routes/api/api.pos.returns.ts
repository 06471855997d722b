import { data } from "react-router";
import { requireUser } from "~/routes/http/require-user.server";
import { posReturnSchema } from "~/flows/pos/schemas/pos-return";
import { readReturnableSales } from "~/flows/pos/server/read-returnable-sales.server";
import { refundPosSale } from "~/flows/pos/server/refund-pos-sale.server";
import { statusOf } from "~/lib/errors";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/api.pos.returns";

/** The seller's sales matching `?q=` (order number or buyer email), for a return at the counter. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  const query = (ctx.url.searchParams.get("q") ?? "").slice(0, 200);
  const sales = await readReturnableSales(context.services.db, user.id, query);
  return data({ sales }, { headers: { "Cache-Control": "no-store" } });
}

/** Refunds chosen lines of one sale at the open shift (JSON): cash from this drawer, restocked here or not. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  let body: unknown;
  try {
    body = JSON.parse((await request.text()).slice(0, 32_000));
  } catch {
    return data({ error: "This request could not be read." }, { status: 400 });
  }
  const parsed = posReturnSchema.safeParse(body);
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "This request could not be read." }, { status: 400 });
  const { services } = context;
  const refunded = await refundPosSale(
    {
      db: services.db,
      mailer: services.mailer,
      payments: services.payments,
      logger: services.logger,
      env: services.env,
    },
    user.id,
    parsed.data,
    ctx.meta,
  );
  if (!refunded.ok) return data({ error: refunded.message, code: refunded.code }, { status: statusOf(refunded.code) });
  return data(refunded);
}
