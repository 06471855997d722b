import { getCurrentUser } from "~/features/accounts/server/get-current-user.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { findStreamedSecurityEvent } from "~/features/security/server/find-streamed-security-event.server";
import { StreamEndedError, type StreamEndReason } from "~/features/security/server/security-event-hub.server";
import type { Route } from "./+types/api-security-events";
import { requestContext } from "~/server/http/request-context.server";

/** SPEC §9: a heartbeat every 30 s keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 30_000;
/** The browser's first reconnect delay (SPEC §9: 1 s). */
const RETRY_MS = 1_000;
/** A stream closed to make room under the caps asks its tab to come back only after this long. */
export const STREAM_LIMIT_RETRY_MS = 300_000;

/** What a stream says last, by why it ends (after a shutdown the browser reconnects to another instance). */
const LAST_WORDS: Record<StreamEndReason, string> = {
  "session-ended": "event: session-ended\ndata: {}\n\n",
  "stream-limit": `retry: ${STREAM_LIMIT_RETRY_MS}\nevent: stream-limit\ndata: {}\n\n`,
  shutdown: "",
};

const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

const unauthorized = () => new Response("Unauthorized", { status: 401, headers: { "Cache-Control": "no-store" } });

/**
 * Server-Sent Events: each new security event of the signed-in user, as it is written by any instance
 * (Postgres LISTEN/NOTIFY). The stream lives as long as its session: it ends as soon as the session ends on any
 * instance (the database announces every end), and each announced event is re-read with the user's id and the
 * session's validity in one statement before it is sent. Streams are capped per session and per user (the hub).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  // Signed out (no cookie, a cookie that does not verify) costs no database work; an ended session one statement.
  const user = await getCurrentUser(services, requestContext(request));
  if (!user) return unauthorized();

  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let unsubscribe = () => {};
  const send = (text: string) => {
    if (open && text) controller.enqueue(encoder.encode(text));
  };
  const end = (lastWords = "") => {
    if (!open) return;
    send(lastWords);
    open = false;
    clearInterval(heartbeat);
    unsubscribe();
    request.signal.removeEventListener("abort", onAbort);
    try {
      controller.close();
    } catch {
      // already closed
    }
  };
  const onAbort = () => end();
  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      end();
    },
  });
  request.signal.addEventListener("abort", onAbort, { once: true });

  const deliver = (eventId: string) => {
    findStreamedSecurityEvent(services.db, user.id, user.sessionId, eventId)
      .then((found) => {
        if (!found.sessionValid) return services.securityEvents.endSession(user.sessionId);
        if (found.event) send(`event: security-event\nid: ${found.event.id}\ndata: ${JSON.stringify(found.event)}\n\n`);
      })
      .catch((error: unknown) => services.logger.warn({ err: error }, "security event not streamed"));
  };
  try {
    unsubscribe = await services.securityEvents.openStream({
      userId: user.id,
      sessionId: user.sessionId,
      onEvent: deliver,
      onEnd: (reason) => end(LAST_WORDS[reason]),
    });
  } catch (error) {
    open = false;
    request.signal.removeEventListener("abort", onAbort);
    if (error instanceof StreamEndedError && error.reason === "session-ended") return unauthorized();
    if (error instanceof StreamEndedError && error.reason === "stream-limit") return new Response(LAST_WORDS["stream-limit"], { headers: STREAM_HEADERS });
    if (error instanceof StreamEndedError || (error instanceof Error && error.message === "shutting down")) {
      return new Response("Service Unavailable", { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "1" } });
    }
    throw error;
  }
  if (!open) {
    unsubscribe(); // the client left while it was being opened
    return new Response(null, { status: 204 });
  }
  heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
  send(`retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
  return new Response(stream, { headers: STREAM_HEADERS });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
