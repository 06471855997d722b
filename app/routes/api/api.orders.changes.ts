import { readCurrentUser } from "~/kernel/session/read-current-user.server";
import { ORDER_CHANGES_CHANNEL } from "~/domains/orders/server/announce-order-change.server";
import { openUserEventStream, serverSentEvent, unauthorizedStream } from "~/server/events/user-event-stream.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/api.orders.changes";

/**
 * Server-Sent Events for the dashboards' live figures: `order-changed` with only the order's id.
 * The page re-reads through its own loader, which checks the session again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const user = await readCurrentUser(services, requestContext(request));
  if (!user) return unauthorizedStream();
  return openUserEventStream(request, services.userEvents, {
    userId: user.id,
    sessionId: user.sessionId,
    channel: ORDER_CHANGES_CHANNEL,
    onEvent: (orderId, send) => send(serverSentEvent("order-changed", { id: orderId })),
  });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
