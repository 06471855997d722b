import { type StreamEndReason, StreamEndedError, type UserEventHub } from "./user-event-hub.server";

/** Heartbeats keep proxies from closing an idle stream. */
export const HEARTBEAT_MS = 30_000;
/** The browser's first reconnect delay. */
const RETRY_MS = 1_000;
/** How long a tab whose stream the caps closed waits before coming back. */
export const STREAM_LIMIT_RETRY_MS = 300_000;

/** What a stream says last, by why it ends. */
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

/** The answer to a stream request without a valid session. */
export const unauthorizedStream = () =>
  new Response("Unauthorized", { status: 401, headers: { "Cache-Control": "no-store" } });

/** One server-sent event with JSON data and an optional id. */
export function serverSentEvent(event: string, data: unknown, id?: string): string {
  return `event: ${event}\n${id ? `id: ${id}\n` : ""}data: ${JSON.stringify(data)}\n\n`;
}

/** A signed-in session's Server-Sent Events stream on `channel` of the hub. */
export async function openUserEventStream(
  request: Request,
  hub: UserEventHub,
  {
    userId,
    sessionId,
    channel,
    onEvent,
  }: {
    userId: string;
    sessionId: string;
    channel?: string;
    onEvent: (eventId: string, send: (text: string) => void) => void;
  },
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
    if (error instanceof StreamEndedError && error.reason === "stream-limit")
      return new Response(LAST_WORDS["stream-limit"], { headers: STREAM_HEADERS });
    if (error instanceof StreamEndedError || (error instanceof Error && error.message === "shutting down")) {
      return new Response("Service Unavailable", {
        status: 503,
        headers: { "Cache-Control": "no-store", "Retry-After": "1" },
      });
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
