import { requireUser } from "~/routes/http/require-user.server";
import { exportInventoryCsv } from "~/domains/inventory/server/export-inventory-csv.server";
import { exportFileName } from "~/lib/csv";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/inventory.inventory[.]csv";

/** The signed-in seller's inventory as a CSV download, one row per item and open location. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.services, requestContext(request));
  const csv = await exportInventoryCsv(context.services.db, user.id);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${exportFileName("inventory")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The export changes nothing: writes are refused plainly. */
export const action = () => methodNotAllowed();
