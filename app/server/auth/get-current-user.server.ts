import type { AppServices } from "../services";
import { getSessionUser, type CurrentUser } from "./get-session-user.server";

export type { CurrentUser } from "./get-session-user.server";

/** The signed-in user of this request, or null — also while the session still waits for its second factor. */
export async function getCurrentUser(services: AppServices | undefined, request: Request): Promise<CurrentUser | null> {
  const user = await getSessionUser(services, request);
  if (!user || user.secondFactor === "pending") return null;
  const { secondFactor: _, activityRecorded: __, ...current } = user;
  return current;
}
