import { data } from "react-router";
import { z } from "zod";
import { requireUser } from "~/routes/http/require-user.server";
import { posPaymentActionSchema } from "~/flows/pos/schemas/pos-payment";
import { cancelPosPayment } from "~/flows/pos/server/cancel-pos-payment.server";
import { posCardReader } from "~/flows/pos/server/pos-card-reader.server";
import { posPaymentQuery } from "~/flows/pos/server/pos-payment-query.server";
import { presentPosCard } from "~/flows/pos/server/present-pos-card.server";
import { statusOf } from "~/lib/errors";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/api.pos.payments.$id";

const NOT_FOUND = "This payment was not found or is no longer open.";

/** A counter sale's pending card or pay-on-phone payment, as the register polls it (JSON). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context.services, requestContext(request));
  if (!z.uuid().safeParse(params.id).success) return data({ error: NOT_FOUND }, { status: 404 });
  const payment = await posPaymentQuery(context.services.db, user.id, params.id);
  if (!payment) return data({ error: NOT_FOUND }, { status: 404 });
  return data(payment, { headers: { "Cache-Control": "no-store" } });
}

/** A card presented on the reader, or the payment given up (JSON body with its intent). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUser(context.services, requestContext(request));
  if (!z.uuid().safeParse(params.id).success) return data({ error: NOT_FOUND }, { status: 404 });
  let body: unknown;
  try {
    body = JSON.parse((await request.text()).slice(0, 2000));
  } catch {
    return data({ error: "This request could not be read." }, { status: 400 });
  }
  const parsed = posPaymentActionSchema.safeParse(body);
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "This request could not be read." }, { status: 400 });
  const { services } = context;
  const reader = await posCardReader(services.db, services.payments, user.id, { orderId: params.id });
  const result =
    parsed.data.intent === "present"
      ? await presentPosCard({ db: services.db, reader }, user.id, params.id, parsed.data.cardNumber)
      : await cancelPosPayment(
          {
            db: services.db,
            mailer: services.mailer,
            appUrl: services.env.APP_URL,
            reader,
          },
          user.id,
          params.id,
        );
  if (!result.ok) return data({ error: result.message, code: result.code }, { status: statusOf(result.code) });
  return data(result);
}
