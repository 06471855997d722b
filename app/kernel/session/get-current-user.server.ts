import type { AppServices } from "~/server/services.server";
import { getSessionUser, type CurrentUser } from "./get-session-user.server";
import type { RequestContext } from "~/server/http/request-context.server";

export type { CurrentUser } from "./get-session-user.server";

/** The signed-in user of this request, or null while the session owes its second factor. */
export async function getCurrentUser(
  services: AppServices | undefined,
  ctx: RequestContext,
  { batch }: { batch?: object } = {},
): Promise<CurrentUser | null> {
  const user = await getSessionUser(services, ctx, { batch });
  if (!user || user.secondFactor === "pending") return null;
  const { secondFactor: _, activityRecorded: __, page: ___, ...current } = user;
  return current;
}
