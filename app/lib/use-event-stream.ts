import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

/** SPEC §9: reconnect delays 1, 2, 5, then 10 s. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * Follows a signed-in session's Server-Sent Events stream (app/server/events/user-event-stream.server.ts) while
 * the component is mounted (`enabled`): `handlers` get the data of each named event. After a lost connection the
 * stream is opened again with the spec's delays and the page data is re-read (so nothing missed in between stays
 * missing). A stream the server ends for good — its session ended (the page data is then re-read, which sends the
 * visitor to sign in), or the per-session stream cap — is not reopened. `onConnected` reports the state.
 */
export function useEventStream(
  path: string,
  handlers: Record<string, (data: string) => void>,
  { enabled = true, onConnected }: { enabled?: boolean; onConnected?: (connected: boolean) => void } = {},
): void {
  const { revalidate } = useRevalidator();
  // A navigation in flight (the Logout form, say) loads fresh data by itself; re-reading now as well would race
  // it, and the extra read would take the toast it carries.
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
        source.addEventListener(name, (message) => latest.current.handlers[name]?.((message as MessageEvent<string>).data));
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
