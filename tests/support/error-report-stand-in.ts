import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One envelope as the stand-in received it, parsed. */
export type ReceivedEnvelope = {
  projectId: string;
  /** The public key, from the X-Sentry-Auth header (server) or the query string (browser). */
  sentryKey: string | null;
  contentType: string | undefined;
  header: { event_id?: string; sent_at?: string; dsn?: string };
  items: { header: { type: string; length?: number }; payload: Record<string, unknown> }[];
  /** The body as sent, to check that nothing sensitive is anywhere in it. */
  raw: string;
};

/**
 * Parses a Sentry envelope: a header line, then item header / payload pairs (the payload `length` bytes long, or one
 * line).
 */
export function parseEnvelope(raw: string): Pick<ReceivedEnvelope, "header" | "items"> {
  const bytes = Buffer.from(raw);
  let offset = 0;
  const line = () => {
    const end = bytes.indexOf(10, offset);
    const text = bytes.subarray(offset, end === -1 ? bytes.length : end).toString("utf8");
    offset = end === -1 ? bytes.length : end + 1;
    return text;
  };
  const header = JSON.parse(line());
  const items: ReceivedEnvelope["items"] = [];
  while (offset < bytes.length) {
    const itemLine = line();
    if (!itemLine) continue;
    const itemHeader = JSON.parse(itemLine) as { type: string; length?: number };
    let payload: string;
    if (typeof itemHeader.length === "number") {
      payload = bytes.subarray(offset, offset + itemHeader.length).toString("utf8");
      offset += itemHeader.length + 1;
    } else {
      payload = line();
    }
    items.push({ header: itemHeader, payload: JSON.parse(payload) });
  }
  return { header, items };
}

/**
 * A local stand-in for a Sentry ingest server: `POST /api/<project>/envelope/` (auth by header or query, CORS
 * open as Sentry's is) stores the parsed envelope; `GET /envelopes` lists them (for the browser suite). A
 * `DSN` to configure the app with. `hang` makes it accept requests without ever answering.
 */
export async function startErrorReportStandIn({ port = 0, projectId = "42", publicKey = "stand-in-key" } = {}) {
  const envelopes: ReceivedEnvelope[] = [];
  const waiters = new Set<() => void>();
  let hang = false;
  const server: Server = createServer((req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Allow-Headers", "*");
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (req.method === "OPTIONS") return void res.writeHead(204).end();
    if (req.method === "GET" && url.pathname === "/envelopes") {
      return void res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(envelopes));
    }
    const match = /^\/api\/([^/]+)\/envelope\/$/.exec(url.pathname);
    if (req.method !== "POST" || !match) return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (hang) return;
      const raw = Buffer.concat(chunks).toString("utf8");
      const auth = req.headers["x-sentry-auth"];
      const sentryKey =
        (typeof auth === "string" ? /sentry_key=([^,\s]+)/.exec(auth)?.[1] : undefined) ??
        url.searchParams.get("sentry_key");
      if (sentryKey !== publicKey) return void res.writeHead(401).end();
      try {
        envelopes.push({
          projectId: match[1]!,
          sentryKey,
          contentType: req.headers["content-type"],
          raw,
          ...parseEnvelope(raw),
        });
      } catch {
        return void res.writeHead(400).end();
      }
      for (const wake of waiters) wake();
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ id: envelopes.at(-1)?.header.event_id }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    dsn: `http://${publicKey}@127.0.0.1:${(server.address() as AddressInfo).port}/${projectId}`,
    envelopes,
    hang(value: boolean) {
      hang = value;
    },
    /** The first envelope for which `matches` holds, waiting up to `timeoutMs` for it. */
    async waitFor(matches: (envelope: ReceivedEnvelope) => boolean, timeoutMs = 10_000): Promise<ReceivedEnvelope> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = envelopes.find(matches);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no matching error report within ${timeoutMs} ms (${envelopes.length} received)`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ErrorReportStandIn = Awaited<ReturnType<typeof startErrorReportStandIn>>;

/** The event payload of an envelope. */
export function eventOf(envelope: ReceivedEnvelope) {
  return envelope.items.find((item) => item.header.type === "event")?.payload as
    | {
        exception: { values: { type: string; value: string; mechanism: { type: string } }[] };
        request?: { url?: string; method?: string; headers?: Record<string, string> };
        platform: string;
      }
    | undefined;
}
