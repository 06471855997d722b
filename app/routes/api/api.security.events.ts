import { readCurrentUser } from "~/kernel/session/read-current-user.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { readStreamedSecurityEvent } from "~/domains/security/server/read-streamed-security-event.server";
import { openUserEventStream, serverSentEvent, unauthorizedStream } from "~/server/events/user-event-stream.server";
import type { Route } from "./+types/api.security.events";
import { requestContext } from "~/server/http/request-context.server";

/**
 * Server-Sent Events of the signed-in user's new security events from any instance; the stream ends with its session.
 * Each event is re-read with the session's validity before it is sent.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  // Signed out (no cookie, a cookie that does not verify) costs no database work; an ended session one statement.
  const user = await readCurrentUser(services, requestContext(request));
  if (!user) return unauthorizedStream();
  return openUserEventStream(request, services.userEvents, {
    userId: user.id,
    sessionId: user.sessionId,
    onEvent: (eventId, send) => {
      readStreamedSecurityEvent(services.db, user.id, user.sessionId, eventId)
        .then((found) => {
          if (!found.sessionValid) return services.userEvents.endSession(user.sessionId);
          if (found.event) send(serverSentEvent("security-event", found.event, found.event.id));
        })
        .catch((error: unknown) => services.logger.warn({ err: error }, "security event not streamed"));
    },
  });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
