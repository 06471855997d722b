import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { LIVE_EVENTS_CAP, SECURITY_ALERT_RISK } from "~/features/security/security-format";
import { showToast } from "~/lib/toast";

export const SECURITY_EVENTS_STREAM = "/api/security/events";
/** SPEC §9: reconnect delays 1, 2, 5, then 10 s. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];

export type LiveEvent = {
  id: string;
  eventType: string;
  eventCategory: string;
  severity: string;
  riskScore: number;
  ipAddress: string | null;
  details: Record<string, unknown>;
  createdAt: Date | string;
};

/**
 * The events of the loader, with the ones streamed since prepended (newest first, no duplicates, capped at
 * 50). An alert toast for each streamed event of risk ≥ 5. After a lost connection the stream is opened again
 * with the spec's delays and the page data is re-read, so nothing missed in between stays missing. A stream
 * the server ends for good (its session ended, or the per-session stream cap) is not reopened.
 */
export function useLiveSecurityEvents(loaded: LiveEvent[]): { events: LiveEvent[]; connected: boolean } {
  const [streamed, setStreamed] = useState<LiveEvent[]>([]);
  const [connected, setConnected] = useState(false);
  const { revalidate } = useRevalidator();
  // A navigation in flight (the Logout form, say) loads fresh data by itself; re-reading now as well would race
  // it, and the extra read would take the toast it carries.
  const navigation = useNavigation();
  const navigating = useRef(false);
  navigating.current = navigation.state !== "idle";

  useEffect(() => {
    let source: EventSource | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let wasConnected = false;

    function open() {
      source = new EventSource(SECURITY_EVENTS_STREAM);
      source.addEventListener("ready", () => {
        attempt = 0;
        setConnected(true);
        if (wasConnected) void revalidate();
        wasConnected = true;
      });
      source.addEventListener("security-event", (message) => {
        const event = JSON.parse((message as MessageEvent<string>).data) as LiveEvent;
        setStreamed((current) => [event, ...current.filter((item) => item.id !== event.id)].slice(0, LIVE_EVENTS_CAP));
        if (event.riskScore >= SECURITY_ALERT_RISK) {
          showToast({ type: "warning", title: `Security Alert: ${event.eventType}`, description: `Risk Score: ${event.riskScore}` });
        }
      });
      // The session ended (signed out here or elsewhere, terminated, password changed): no more reconnecting;
      // re-reading the page data sends the visitor to sign in through the route guard.
      source.addEventListener("session-ended", () => {
        stopped = true;
        source?.close();
        setConnected(false);
        if (!navigating.current) void revalidate();
      });
      // Too many open streams for this session or account: the server closed the oldest, this one; it stays closed.
      source.addEventListener("stream-limit", () => {
        stopped = true;
        source?.close();
        setConnected(false);
      });
      source.onerror = () => {
        setConnected(false);
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
  }, [revalidate]);

  const events = useMemo(() => {
    const seen = new Set<string>();
    return [...streamed, ...loaded]
      .filter((event) => {
        if (seen.has(event.id)) return false;
        seen.add(event.id);
        return true;
      })
      .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())
      .slice(0, LIVE_EVENTS_CAP);
  }, [streamed, loaded]);
  return { events, connected };
}
