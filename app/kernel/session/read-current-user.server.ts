import type { AppServices } from "~/server/services.server";
import { readSessionUser, type CurrentUser } from "./read-session-user.server";
import type { RequestContext } from "~/server/http/request-context.server";

export type { CurrentUser } from "./read-session-user.server";

/** The signed-in user of this request, or null while the session owes its second factor. */
export async function readCurrentUser(
  services: AppServices | undefined,
  ctx: RequestContext,
  { batch }: { batch?: object } = {},
): Promise<CurrentUser | null> {
  const user = await readSessionUser(services, ctx, { batch });
  if (!user || user.secondFactor === "pending") return null;
  const { secondFactor: _, activityRecorded: __, page: ___, ...current } = user;
  return current;
}
