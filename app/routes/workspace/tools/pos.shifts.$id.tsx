import { data } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { requireUser } from "~/routes/http/require-user.server";
import { ZReportView } from "~/flows/pos/components/z-report-view";
import { shiftReportQuery } from "~/flows/pos/server/shift-report-query.server";
import { pageMeta } from "~/lib/meta";
import { isUuid } from "~/lib/text-formats";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/pos.shifts.$id";

/** A shift's Z-report, the seller's own only, kept as it was at the close. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const { page: shift } = await requireUser(context.services, requestContext(request), {
    batch: context,
    page: shiftReportQuery(params.id),
  });
  if (!shift) throw data(null, { status: 404 });
  return { shift };
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Z-report", description: "A register shift's closing report." }),
  { name: "robots", content: "noindex" },
];

export default function ShiftReportPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <div className="print:hidden">
        <BackLink to="/tools/pos">Back to POS System</BackLink>
      </div>
      <ZReportView shift={loaderData.shift} />
    </div>
  );
}
