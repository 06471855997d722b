import { data } from "react-router";
import { z } from "zod";
import { requireUser } from "~/routes/http/require-user.server";
import { counterReceiptStatus } from "~/domains/delivery/server/counter-receipt-status.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/api.pos.sales.$id.receipt";

const NOT_FOUND = "This sale was not found.";

/** Whether a counter sale's receipt was emailed, by device sale id or order id. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context.services, requestContext(request));
  if (!z.uuid().safeParse(params.id).success) return data({ error: NOT_FOUND }, { status: 404 });
  const receipt = await counterReceiptStatus(context.services.db, user.id, params.id);
  if (!receipt) return data({ error: NOT_FOUND }, { status: 404 });
  return data({ receipt }, { headers: { "Cache-Control": "no-store" } });
}

/** Read only. */
export const action = () => methodNotAllowed("GET");
