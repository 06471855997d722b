import { type StreamEndReason, StreamEndedError, type UserEventHub } from "./user-event-hub.server";

// A signed-in session's Server-Sent Events stream over the user event hub (decision 010; shared with the dashboards'
// live figures in issue 16.6): the response, the heartbeat, the reconnect delay, the last words by why it ends.

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

export const unauthorizedStream = () => new Response("Unauthorized", { status: 401, headers: { "Cache-Control": "no-store" } });

/** One server-sent event: its name, its data (JSON) and, when it has one, its id. */
export function serverSentEvent(event: string, data: unknown, id?: string): string {
  return `event: ${event}\n${id ? `id: ${id}\n` : ""}data: ${JSON.stringify(data)}\n\n`;
}

/**
 * Opens the event stream of a signed-in session on `channel` of the hub: `onEvent` gets the id of each
 * notification of the user and sends what it has re-read (`send`, a whole server-sent event) or reports the
 * session found ended (`sessionEnded`: every stream of it closes). The stream says `ready` when it is open (a
 * reconnected client re-reads what it may have missed), ends with the session on any instance, under the caps
 * (oldest first) or at shutdown, and stops when the client goes.
 */
export async function openUserEventStream(
  request: Request,
  hub: UserEventHub,
  {
    userId,
    sessionId,
    channel,
    onEvent,
  }: { userId: string; sessionId: string; channel?: string; onEvent: (eventId: string, send: (text: string) => void) => void },
): Promise<Response> {
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

  try {
    unsubscribe = await hub.openStream({
      userId,
      sessionId,
      channel,
      onEvent: (eventId) => onEvent(eventId, send),
      onEnd: (reason) => end(LAST_WORDS[reason]),
    });
  } catch (error) {
    open = false;
    request.signal.removeEventListener("abort", onAbort);
    if (error instanceof StreamEndedError && error.reason === "session-ended") return unauthorizedStream();
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
