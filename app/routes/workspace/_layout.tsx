import { Outlet, useRouteLoaderData } from "react-router";
import { RouteErrorContent } from "~/components/site/error-pages";
import { WorkspaceShell } from "~/domains/workspace/components/workspace-shell";
import { readWorkspaceNav } from "~/domains/workspace/server/read-workspace-nav.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/_layout";

/**
 * The navigation's data, read by the page's own session check statement. A failed read leaves the navigation bare:
 * the page's loader answers for it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const nav = await readWorkspaceNav(context.services, requestContext(request), { batch: context }).catch(() => null);
  return { nav };
}

export default function WorkspaceLayout({ loaderData }: Route.ComponentProps) {
  return (
    <WorkspaceShell nav={loaderData.nav}>
      <Outlet />
    </WorkspaceShell>
  );
}

/** A signed-in page's error (a product or order that is not found…) inside the workspace, its navigation kept. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/workspace/_layout");
  return (
    <WorkspaceShell nav={data?.nav ?? null}>
      <RouteErrorContent error={error} />
    </WorkspaceShell>
  );
}
