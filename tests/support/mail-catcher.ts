import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as the local SMTP stand-in received it. */
export type CaughtMail = {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Each header as it arrived on the wire, by lower-cased name (the last one of a repeated name). */
  headers: Record<string, string>;
  receivedAt: string;
};

/** A parsed mail's raw header lines as name → value, folded lines joined. */
function rawHeaders(lines: readonly { key: string; line: string }[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of lines)
    headers[key.toLowerCase()] = line
      .slice(line.indexOf(":") + 1)
      .replace(/\r?\n[ \t]+/g, " ")
      .trim();
  return headers;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives in memory, for tests of outgoing mail.
 * `stop()` closes it; `restart()` listens again on the same port with the same inbox (an SMTP outage and its
 * end); `messages` is the inbox.
 */
export async function startMailCatcher(port = 0) {
  const messages: CaughtMail[] = [];
  const listen = async (onPort: number) => {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            messages.push({
              from: mail.from?.text ?? "",
              to: session.envelope.rcptTo.map((r) => r.address),
              replyTo: mail.replyTo?.text,
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : undefined,
              headers: rawHeaders(mail.headerLines),
              receivedAt: new Date().toISOString(),
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      smtp.server.once("error", reject);
      smtp.listen(onPort, "127.0.0.1", () => {
        smtp.server.off("error", reject);
        resolve();
      });
    });
    return smtp;
  };
  let server: SMTPServer | null = await listen(port);
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    /** Closes the server (connections are refused until `restart()`); does nothing when already stopped. */
    stop: async () => {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    /** Listens again on the same port, keeping the inbox. */
    restart: async () => {
      if (!server) server = await listen(address.port);
    },
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** Exposes a catcher's inbox as JSON over HTTP (GET /messages, DELETE /messages) for browser-test workers. */
export async function serveInbox(catcher: MailCatcher, port: number): Promise<Server> {
  const http = createServer((req, res) => {
    if (req.url === "/messages" && req.method === "DELETE") {
      catcher.messages.length = 0;
      res.writeHead(204).end();
    } else if (req.url === "/messages") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(catcher.messages));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
  return http;
}
