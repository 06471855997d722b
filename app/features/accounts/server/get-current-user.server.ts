import type { AppServices } from "~/server/services.server";
import { getSessionUser, type CurrentUser } from "./get-session-user.server";

export type { CurrentUser } from "./get-session-user.server";

/**
 * The signed-in user of this request, or null — also while the session still waits for its second factor.
 * `batch` (the loader context) lets the root loader share the statement of the page's own read.
 */
export async function getCurrentUser(services: AppServices | undefined, request: Request, { batch }: { batch?: object } = {}): Promise<CurrentUser | null> {
  const user = await getSessionUser(services, request, { batch });
  if (!user || user.secondFactor === "pending") return null;
  const { secondFactor: _, activityRecorded: __, page: ___, ...current } = user;
  return current;
}
