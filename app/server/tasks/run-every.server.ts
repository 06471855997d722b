import type { Logger } from "~/server/logger.server";

/** Runs `task` every `intervalMs`, skipping a round while one runs; returns a stop that awaits the current run. */
export function runEvery(
  task: () => Promise<unknown>,
  intervalMs: number,
  logger: Logger,
  failure: string,
): () => Promise<void> {
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
