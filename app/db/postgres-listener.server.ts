import pg from "pg";

export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

/** Delays before reconnecting a lost LISTEN connection. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];

/** LISTEN through one dedicated, self-reconnecting connection per process, as pooled ones lose LISTENs. */
export function createPostgresListener(
  url: string,
  onError: (error: unknown) => void = () => {},
): { listen: Listen; close: () => Promise<void> } {
  const channels = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let attempt = 0;

  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on("notification", (message) => {
      for (const callback of channels.get(message.channel) ?? []) callback(message.payload ?? "");
    });
    next.on("error", (error) => onError(error));
    next.on("end", () => {
      if (client === next) client = null;
      if (!closed && channels.size > 0) scheduleReconnect();
    });
    await next.connect();
    for (const channel of channels.keys()) await next.query(`LISTEN ${quote(channel)}`);
    attempt = 0;
    client = next;
    return next;
  }

  function ensureConnected(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  function scheduleReconnect() {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    attempt += 1;
    setTimeout(() => {
      if (closed || client) return;
      ensureConnected().catch((error) => {
        onError(error);
        scheduleReconnect();
      });
    }, delay).unref();
  }

  return {
    async listen(channel, onPayload) {
      const isNew = !channels.has(channel);
      const callbacks = channels.get(channel) ?? new Set();
      callbacks.add(onPayload);
      channels.set(channel, callbacks);
      const connection = await ensureConnected();
      if (isNew) await connection.query(`LISTEN ${quote(channel)}`);
      return async () => {
        callbacks.delete(onPayload);
        if (callbacks.size === 0 && channels.get(channel) === callbacks) {
          channels.delete(channel);
          await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
