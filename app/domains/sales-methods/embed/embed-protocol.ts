/** Version of the messages between a host page's overlay and the embedded checkout. */
export const EMBED_PROTOCOL_VERSION = 1;

/** What the embedded checkout tells the overlay: loaded, its height, a paid order, or a request to close. */
export type EmbedMessage =
  | { v: 1; type: "ready" }
  | { v: 1; type: "resize"; height: number }
  | { v: 1; type: "success"; orderId: string }
  | { v: 1; type: "close" };

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `data` is a well-formed message of this protocol version; anything else is ignored. */
export function isEmbedMessage(data: unknown): data is EmbedMessage {
  if (typeof data !== "object" || data === null) return false;
  const message = data as Record<string, unknown>;
  if (message.v !== EMBED_PROTOCOL_VERSION) return false;
  switch (message.type) {
    case "ready":
    case "close":
      return true;
    case "resize":
      return typeof message.height === "number" && Number.isFinite(message.height) && message.height >= 0;
    case "success":
      return typeof message.orderId === "string" && ORDER_ID.test(message.orderId);
    default:
      return false;
  }
}

/** The parts of a MessageEvent the guard reads. */
export type ReceivedMessage = { origin: string; source: unknown; data: unknown };

/** The message, when it came from exactly the expected window and origin and is well formed; otherwise null. */
export function acceptEmbedMessage(
  event: ReceivedMessage,
  expected: { origin: string; source: unknown },
): EmbedMessage | null {
  if (expected.source == null || event.source !== expected.source) return null;
  if (event.origin !== expected.origin) return null;
  return isEmbedMessage(event.data) ? event.data : null;
}
