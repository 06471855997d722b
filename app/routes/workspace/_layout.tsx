import { Outlet, useRouteLoaderData } from "react-router";
import { RouteErrorContent } from "~/components/site/error-pages";
import { LazyBillingBanner } from "~/domains/billing/components/lazy-billing-banner";
import { billingBannerQuery } from "~/domains/billing/billing-banner-query.server";
import { WorkspaceShell } from "~/domains/workspace/components/workspace-shell";
import { readWorkspaceNav } from "~/domains/workspace/server/read-workspace-nav.server";
import { readSessionUser } from "~/kernel/session/read-session-user.server";
import type { AppServices } from "~/server/services.server";
import { type RequestContext, requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/_layout";

/** The banner's billing state, read by the same statement as the page's session check. */
async function readBannerState(services: AppServices, ctx: RequestContext, batch: object) {
  const user = await readSessionUser(services, ctx, { batch, page: billingBannerQuery });
  return user?.page ?? null;
}

/**
 * The navigation's data and the billing banner's, read by the page's own session check statement. A failed
 * read leaves the navigation bare and the banner out: the page's loader answers for it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const [nav, billing] = await Promise.all([
    readWorkspaceNav(context.services, ctx, { batch: context }).catch(() => null),
    readBannerState(context.services, ctx, context).catch(() => null),
  ]);
  return { nav, billing };
}

export default function WorkspaceLayout({ loaderData }: Route.ComponentProps) {
  return (
    <WorkspaceShell nav={loaderData.nav}>
      <LazyBillingBanner state={loaderData.billing} />
      <Outlet />
    </WorkspaceShell>
  );
}

/** A signed-in page's error (a product or order that is not found…) inside the workspace, its navigation kept. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/workspace/_layout");
  return (
    <WorkspaceShell nav={data?.nav ?? null}>
      <LazyBillingBanner state={data?.billing ?? null} />
      <RouteErrorContent error={error} />
    </WorkspaceShell>
  );
}
