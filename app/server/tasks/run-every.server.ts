import type { Logger } from "~/server/logger.server";

/**
 * Runs `task` every `intervalMs`, one run at a time (a run still going when the next is due skips that round), and
 * logs a failed run as `failure`. Returns the function that stops it and waits for a run in progress (on shutdown).
 * The periodic sweeps use it: the reconciler and expiry of pending orders, the test provider's payouts.
 */
export function runEvery(task: () => Promise<unknown>, intervalMs: number, logger: Logger, failure: string): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .catch((error) => logger.error({ err: error }, failure))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
