import type { CookieJar } from "./cookie-jar";
import type { TestServer } from "./test-server";

export type SseMessage = { event: string; id?: string; data: string; retry?: number };

/**
 * A real Server-Sent Events client on `/api/security/events` (or `path`) as `actor`: `messages` fills as the
 * server sends them; `next(predicate, ms)` waits for one; `ended` resolves when the server ends the response
 * (not when we close it); `close()` aborts the request.
 */
export async function openSse(
  server: TestServer,
  actor: { jar: CookieJar; ip?: string },
  path = "/api/security/events",
) {
  const controller = new AbortController();
  const headers: Record<string, string> = { cookie: actor.jar.header(), accept: "text/event-stream" };
  if (actor.ip) headers["x-forwarded-for"] = actor.ip;
  const response = await server.request(path, { headers, signal: controller.signal });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  let endedByServer = false;
  let markEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            const lines = buffer
              .slice(0, end)
              .split("\n")
              .filter((line) => !line.startsWith(":"));
            buffer = buffer.slice(end + 2);
            if (lines.length === 0) continue; // a heartbeat
            const message: SseMessage = { event: "message", data: "" };
            for (const line of lines) {
              if (line.startsWith("event: ")) message.event = line.slice(7);
              else if (line.startsWith("id: ")) message.id = line.slice(4);
              else if (line.startsWith("data: ")) message.data += line.slice(6);
              else if (line.startsWith("retry: ")) message.retry = Number(line.slice(7));
            }
            messages.push(message);
            for (const wake of waiters) wake();
          }
        }
        endedByServer = !controller.signal.aborted;
      } catch {
        // aborted by us, or the connection was cut
        endedByServer = !controller.signal.aborted;
      }
      markEnded();
    })();
  } else {
    await response.arrayBuffer().catch(() => undefined);
    markEnded();
  }
  return {
    response,
    status: response.status,
    messages,
    /** The security events received so far (parsed). */
    securityEvents: () =>
      messages
        .filter((m) => m.event === "security-event")
        .map((m) => JSON.parse(m.data) as { id: string; eventType: string; ipAddress: string | null }),
    /** Resolves with the first message matching `predicate`, or rejects after `ms`. */
    next(predicate: (message: SseMessage) => boolean, ms = 1_000): Promise<SseMessage> {
      return waitForMatch(messages, waiters, predicate, ms);
    },
    /** Resolves true when the server ended the stream within `ms`, false otherwise. */
    async endsWithin(ms: number): Promise<boolean> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
      const result = await Promise.race([ended.then(() => endedByServer), timeout]);
      clearTimeout(timer);
      return result;
    },
    get endedByServer() {
      return endedByServer;
    },
    close() {
      controller.abort();
    },
  };
}

export type SseClient = Awaited<ReturnType<typeof openSse>>;

/**
 * Resolves with the first of `received` matching `predicate` (now, or when `waiters` is next called after a new
 * arrival), or rejects after `ms` listing what did arrive.
 */
function waitForMatch<T extends SseMessage>(
  received: T[],
  waiters: Set<() => void>,
  predicate: (item: T) => boolean,
  ms: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = received.find(predicate);
      if (!found) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve(found);
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(
        new Error(
          `no matching message within ${ms} ms (got: ${received.map((m) => `${m.event} ${m.data.slice(0, 80)}`).join(" | ")})`,
        ),
      );
    }, ms);
    waiters.add(check);
    check();
  });
}
