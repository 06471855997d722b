import { outsideTransaction } from "~/db/ambient-transaction.server";
import type { Logger } from "../logger.server";

/**
 * Work that must not change how long an answer takes (issue 13.6): the magic-link and forgot-password answers
 * would otherwise tell, by their timing, whether an account exists. The request does the same work for every
 * email and hands the account-dependent part here; it runs once the answer is on its way. Shutdown drains it
 * (the server stops taking requests first), so a deploy loses nothing; failures are logged, never thrown.
 */
export type AfterResponse = {
  run: (label: string, task: () => Promise<void>) => void;
  /** Resolves when every task started so far has finished. */
  drain: () => Promise<void>;
};

export function createAfterResponse(logger: Logger): AfterResponse {
  const running = new Set<Promise<void>>();
  return {
    run(label, task) {
      // Outside the request's transaction, if any: the task runs after it has ended.
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
