import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";

/** How long an answer waits for the rest of a request body nobody read, and up to which declared size. */
export const UNREAD_BODY_WAIT_MS = 2_000;
export const UNREAD_BODY_WAIT_BYTES = 10 * 1024 * 1024;

/** `res.locals` flag: answer at once (the body is refused: too large, too slow), without waiting for it. */
export const ANSWER_WITHOUT_WAITING = "answerWithoutWaiting";

function drain(req: IncomingMessage) {
  if (req.complete) return;
  req.removeAllListeners("data");
  req.resume();
}

/**
 * A response sent before the request body was read (a 405, the CSRF check, a guard's redirect, a 404 under
 * /api/auth): the rest of the body is discarded, or the next request on a keep-alive connection would never
 * be answered. And the answer is held until that body has arrived (at most UNREAD_BODY_WAIT_MS, for bodies up
 * to UNREAD_BODY_WAIT_BYTES): a connection closed with body bytes still coming in is reset by the kernel, and
 * the client may then lose the answer (a "lingering close", as HTTP servers do).
 */
export function discardUnreadBody(req: Request, res: Response, next: NextFunction) {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    const hasBody = declared > 0 || req.headers["transfer-encoding"] !== undefined;
    drain(req);
    if (req.complete || req.readableEnded || !hasBody || !(declared <= UNREAD_BODY_WAIT_BYTES) || res.locals[ANSWER_WITHOUT_WAITING]) return end(...args);
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
