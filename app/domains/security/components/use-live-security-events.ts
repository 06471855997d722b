import { useMemo, useState } from "react";
import { LIVE_EVENTS_CAP, SECURITY_ALERT_RISK } from "~/domains/security/security-format";
import { useEventStream } from "~/lib/use-event-stream";
import { showToast } from "~/lib/toast";

export const SECURITY_EVENTS_STREAM = "/api/security/events";

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
 * The loader's events with streamed ones prepended, toasting alerts.
 * After a lost connection the page data is re-read, so nothing missed stays missing.
 */
export function useLiveSecurityEvents(loaded: LiveEvent[]): { events: LiveEvent[]; connected: boolean } {
  const [streamed, setStreamed] = useState<LiveEvent[]>([]);
  const [connected, setConnected] = useState(false);
  useEventStream(
    SECURITY_EVENTS_STREAM,
    {
      "security-event": (data) => {
        const event = JSON.parse(data) as LiveEvent;
        setStreamed((current) => [event, ...current.filter((item) => item.id !== event.id)].slice(0, LIVE_EVENTS_CAP));
        if (event.riskScore >= SECURITY_ALERT_RISK) {
          showToast({
            type: "warning",
            title: `Security Alert: ${event.eventType}`,
            description: `Risk Score: ${event.riskScore}`,
          });
        }
      },
    },
    { onConnected: setConnected },
  );

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
