import { redirect } from "react-router";
import { readCurrentUser } from "~/kernel/session/read-current-user.server";
import { requestMeta } from "~/server/http/request-meta.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import type { Route } from "./+types/logout";
import { inTransaction } from "~/db/ambient-transaction.server";
import { requestContext } from "~/server/http/request-context.server";

/** POST /logout: ends this session on the server, then goes to / with 'Logged out successfully'. */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, db, logger } = context.services;
  const user = await readCurrentUser(context.services, requestContext(request));
  try {
    // The session's end and its event commit together.
    const headers = await inTransaction(db, async (tx) => {
      const signedOut = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
      if (user) {
        await recordSecurityEvent(
          tx,
          { userId: user.id, eventType: "sign_out", eventCategory: "session", severity: "low", riskScore: 0 },
          requestMeta(request),
        );
      }
      return signedOut.headers;
    });
    return redirectWithToast("/", { type: "success", title: "Logged out successfully" }, { headers });
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return redirectWithToast("/", { type: "error", title: "Logout failed", description: "Please try again" });
  }
}

/** GET /logout changes nothing (no state change on GET). */
export function loader() {
  return redirect("/");
}
