import type { AppServices } from "../services";
import { SESSION_COOKIE_PREFIX } from "./session-cookie";

export type CurrentUser = { id: string; email: string; name: string; emailVerified: boolean; sessionId: string };

/** The signed-in user of this request (from the session row, never a cache), or null. */
export async function getCurrentUser(services: AppServices | undefined, request: Request): Promise<CurrentUser | null> {
  if (!services || !request.headers.get("cookie")?.includes(`${SESSION_COOKIE_PREFIX}.session_token`)) return null;
  const result = await services.auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!result) return null;
  const { user, session } = result;
  return { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, sessionId: session.id };
}
