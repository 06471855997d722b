import { securityExportFileName } from "~/domains/security/security-format";
import { requireUser } from "~/routes/http/require-user.server";
import { exportSecurityData } from "~/domains/security/server/export-security-data.server";
import type { Route } from "./+types/security-settings.export";
import { requestContext } from "~/server/http/request-context.server";

/** POST: the signed-in user's security data as a JSON download. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context.services, requestContext(request));
  const body = await exportSecurityData(context.services, requestContext(request), user);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${securityExportFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** GET changes nothing and downloads nothing: the export is a POST. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
