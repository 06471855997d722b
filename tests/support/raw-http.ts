import net from "node:net";

export type RawSocketAnswer = { status: number; head: string; body: string; ms: number; closed: boolean };

/**
 * Sends `head` (request line and headers) and then `body` on a raw socket and reads the answer; the socket is
 * left open (a client that has more to send) until the server answers or closes, or `waitMs` passes.
 */
export function rawRequest(
  origin: string,
  head: string,
  body = "",
  waitMs = 5_000,
  { untilClosed = false }: { untilClosed?: boolean } = {},
): Promise<RawSocketAnswer> {
  const { port } = new URL(origin);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    let data = "";
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const [headPart = "", ...rest] = data.split("\r\n\r\n");
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(headPart)?.[1] ?? 0),
        head: headPart,
        body: rest.join("\r\n\r\n"),
        ms: Date.now() - started,
        closed,
      });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on("data", (chunk) => {
      data += chunk.toString("utf8");
      if (!untilClosed && /\r\n\r\n/.test(data) && /content-length: (\d+)/i.test(data)) {
        const length = Number(/content-length: (\d+)/i.exec(data)![1]);
        if (Buffer.byteLength(data.split("\r\n\r\n").slice(1).join("\r\n\r\n")) >= length) finish();
      }
    });
    socket.on("close", () => {
      closed = true;
      finish();
    });
    socket.on("error", () => undefined);
    socket.write(head);
    if (body) socket.write(body);
  });
}
