import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";

/** How long an answer waits for an unread request body. */
export const UNREAD_BODY_WAIT_MS = 2_000;
/** The largest declared body an answer waits for. */
export const UNREAD_BODY_WAIT_BYTES = 10 * 1024 * 1024;

/** `res.locals` flag: answer at once, as the body is refused. */
export const ANSWER_WITHOUT_WAITING = "answerWithoutWaiting";

function drain(req: IncomingMessage) {
  if (req.complete) return;
  req.removeAllListeners("data");
  req.resume();
}

/** Drains an unread body before answering, so keep-alive connections and the answer survive. */
export function discardUnreadBody(req: Request, res: Response, next: NextFunction) {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    const hasBody = declared > 0 || req.headers["transfer-encoding"] !== undefined;
    drain(req);
    if (
      req.complete ||
      req.readableEnded ||
      !hasBody ||
      !(declared <= UNREAD_BODY_WAIT_BYTES) ||
      res.locals[ANSWER_WITHOUT_WAITING]
    )
      return end(...args);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      for (const event of ["end", "close", "error"]) req.off(event, finish);
      end(...args);
    };
    const timer = setTimeout(finish, UNREAD_BODY_WAIT_MS);
    for (const event of ["end", "close", "error"]) req.once(event, finish);
    return res;
  }) as Response["end"];
  next();
}
