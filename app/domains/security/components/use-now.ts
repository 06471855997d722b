import { useSyncExternalStore } from "react";

const MINUTE_MS = 60_000;

function everyMinute(onChange: () => void) {
  const timer = setInterval(onChange, MINUTE_MS);
  return () => clearInterval(timer);
}

/** The current minute, re-rendering each minute (relative times stay current). Server snapshot: `serverNow`. */
export function useNowMinute(serverNow: number): number {
  return useSyncExternalStore(
    everyMinute,
    () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS,
    () => serverNow,
  );
}
