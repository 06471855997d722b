import pino, { type Logger } from "pino";

export type { Logger };

/** JSON logs in production, readable ones in development, secrets redacted. */
export function createLogger({ level, pretty }: { level: string; pretty: boolean }): Logger {
  return pino({
    level,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "*.password",
        "*.token",
        "*.secret",
      ],
      censor: "[redacted]",
    },
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } } } : {}),
  });
}
