import { data } from "react-router";
import { requireUser } from "~/routes/http/require-user.server";
import { sessionsQuery } from "~/domains/security/server/sessions-query.server";
import { ERRORS, statusOf } from "~/lib/errors";
import type { Route } from "./+types/security-settings.sessions";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";

/** GET: the signed-in user's sessions, read with the session check in one statement. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { page: sessions } = await requireUser(context.services, requestContext(request), { page: sessionsQuery });
    return data({ ok: true as const, sessions, renderedAt: Date.now() }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof Response) throw error; // not signed in: the sign-in redirect
    return data(
      { ok: false as const, code: "SESSIONS_LOAD_FAILED" as const, message: ERRORS.SESSIONS_LOAD_FAILED.message },
      { status: statusOf("SESSIONS_LOAD_FAILED"), headers: { "Cache-Control": "no-store" } },
    );
  }
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
