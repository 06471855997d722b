import { readSessionUser } from "~/kernel/session/read-session-user.server";
import type { AppServices } from "~/server/services.server";
import type { RequestContext } from "~/server/http/request-context.server";
import type { WorkspaceNavData } from "~/domains/workspace/content/workspace-nav";
import { workspaceNavQuery } from "./workspace-nav-query.server";

/**
 * The workspace navigation's data for this request's creator, read by the statement of the page's own session
 * check (`batch`: the loader context); null when nobody is signed in, whom the page's guard sends away.
 */
export async function readWorkspaceNav(
  services: AppServices,
  ctx: RequestContext,
  { batch }: { batch: object },
): Promise<WorkspaceNavData | null> {
  const user = await readSessionUser(services, ctx, { batch, page: workspaceNavQuery });
  if (!user?.page) return null;
  const { firstName, lastName, avatarUrl, storeName } = user.page.profile;
  return { firstName, lastName, avatarUrl, storeName, businessTypes: user.page.businessTypes };
}
