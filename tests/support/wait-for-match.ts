/** A message of a server-sent event stream as the test clients keep it. */
type Received = { event: string; data: string };

/**
 * Resolves with the first of `received` matching `predicate` (now, or when `waiters` is next called after a new
 * arrival), or rejects after `ms` listing what did arrive.
 */
export function waitForMatch<T extends Received>(received: T[], waiters: Set<() => void>, predicate: (item: T) => boolean, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = received.find(predicate);
      if (!found) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve(found);
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`no matching message within ${ms} ms (got: ${received.map((m) => `${m.event} ${m.data.slice(0, 80)}`).join(" | ")})`));
    }, ms);
    waiters.add(check);
    check();
  });
}
