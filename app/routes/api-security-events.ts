import { getCurrentUser } from "~/server/auth/get-current-user.server";
import { findSecurityEvent } from "~/server/security/find-security-event.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/api-security-events";

/** SPEC §9: a heartbeat every 30 s keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 30_000;
/** The browser's first reconnect delay (SPEC §9: 1 s). */
const RETRY_MS = 1_000;

/**
 * Server-Sent Events: each new security event of the signed-in user, as it is written by any instance
 * (Postgres LISTEN/NOTIFY). Each announced id is re-read with the user's id, so a stream only ever
 * carries its own user's events.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const user = await getCurrentUser(services, request);
  if (!user) return new Response("Unauthorized", { status: 401 });

  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      const unsubscribe = await services.securityEvents.subscribe(
        user.id,
        (eventId) => {
          findSecurityEvent(services.db, user.id, eventId)
            .then((event) => {
              if (event) send(`event: security-event\nid: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);
            })
            .catch((error: unknown) => services.logger.warn({ err: error }, "security event not streamed"));
        },
        () => cleanup(),
      );
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      request.signal.addEventListener("abort", cleanup, { once: true });
      send(`retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
