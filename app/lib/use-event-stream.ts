import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

/** Delays between reconnection attempts. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];

/** Follows the session's event stream while `enabled`, reopening it and re-reading data after a loss. */
export function useEventStream(
  path: string,
  handlers: Record<string, (data: string) => void>,
  { enabled = true, onConnected }: { enabled?: boolean; onConnected?: (connected: boolean) => void } = {},
): void {
  const { revalidate } = useRevalidator();
  // A navigation in flight loads fresh data itself; a re-read would race it and take its toast.
  const navigation = useNavigation();
  const navigating = useRef(false);
  navigating.current = navigation.state !== "idle";
  // The latest handlers, without reopening the stream when they change.
  const latest = useRef({ handlers, onConnected });
  latest.current = { handlers, onConnected };
  const names = Object.keys(handlers).sort().join(",");

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let wasConnected = false;
    const connected = (value: boolean) => latest.current.onConnected?.(value);

    function open() {
      source = new EventSource(path);
      source.addEventListener("ready", () => {
        attempt = 0;
        connected(true);
        if (wasConnected) void revalidate();
        wasConnected = true;
      });
      for (const name of names.split(",").filter(Boolean)) {
        source.addEventListener(name, (message) =>
          latest.current.handlers[name]?.((message as MessageEvent<string>).data),
        );
      }
      source.addEventListener("session-ended", () => {
        stopped = true;
        source?.close();
        connected(false);
        if (!navigating.current) void revalidate();
      });
      source.addEventListener("stream-limit", () => {
        stopped = true;
        source?.close();
        connected(false);
      });
      source.onerror = () => {
        connected(false);
        if (source?.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
        source.close();
        if (stopped) return;
        const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
        attempt += 1;
        timer = setTimeout(open, delay);
      };
    }

    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [path, names, enabled, revalidate]);
}
