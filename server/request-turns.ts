import { AsyncResource } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";

/**
 * Starts requests one per turn of the event loop, first come first served. Node accepts one new connection
 * per turn, so a turn that started every waiting request would leave new visitors queued for seconds.
 */
export function createRequestTurns() {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const startNext = () => {
    const start = waiting.shift();
    scheduled = waiting.length > 0;
    if (scheduled) setImmediate(startNext);
    start?.();
  };
  return function takeTurn(_req: Request, _res: Response, next: NextFunction) {
    // Bound to this request's async context: the turn runs in another's (request-scoped stores stay its own).
    waiting.push(AsyncResource.bind(() => next()));
    if (scheduled) return;
    scheduled = true;
    setImmediate(startNext);
  };
}
