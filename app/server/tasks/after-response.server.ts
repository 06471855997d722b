import { outsideTransaction } from "~/db/ambient-transaction.server";
import type { Logger } from "../logger.server";

/** Work run after the answer, so timing cannot tell whether an account exists. */
export type AfterResponse = {
  run: (label: string, task: () => Promise<void>) => void;
  /** Resolves when every task started so far has finished. */
  drain: () => Promise<void>;
};

/** The after-response runner, drained at shutdown. */
export function createAfterResponse(logger: Logger): AfterResponse {
  const running = new Set<Promise<void>>();
  return {
    run(label, task) {
      // The task runs after the request's transaction has ended.
      const done: Promise<void> = outsideTransaction(() =>
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(task)
          .catch((error: unknown) => logger.error({ err: error, task: label }, "background task failed"))
          .finally(() => running.delete(done)),
      );
      running.add(done);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
