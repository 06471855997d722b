import { AlertTriangle, RefreshCw } from "lucide-react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import {
  EVENTS_PANEL_SIZE,
  eventTypeLabel,
  isSevere,
  riskTone,
  severityVariant,
  type Tone,
} from "~/domains/security/security-format";
import { RelativeTime } from "./relative-time";
import type { LiveEvent } from "./use-live-security-events";

const TONE_CLASS: Record<Tone, string> = {
  destructive: "text-destructive",
  warning: "text-warning",
  muted: "text-muted-foreground",
  success: "text-success",
};

/** The ten most recent security events, live. */
export function EventsPanel({
  events,
  connected,
  renderedAt,
}: {
  events: LiveEvent[];
  connected: boolean;
  renderedAt: number;
}) {
  const revalidator = useRevalidator();
  const shown = events.slice(0, EVENTS_PANEL_SIZE);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle as="h2" className="flex items-center gap-2">
          Recent Security Events
          <span className={cn("text-xs font-normal", connected ? "text-success" : "text-muted-foreground")}>
            {connected ? "● Live" : "○ Connecting…"}
          </span>
        </CardTitle>
        <Button
          variant="outline"
          size="sm"
          onClick={() => revalidator.revalidate()}
          disabled={revalidator.state === "loading"}
        >
          <RefreshCw aria-hidden="true" /> Refresh Events
        </Button>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No security events found</p>
        ) : (
          <ol aria-label="Security events" aria-live="polite" className="divide-y rounded-lg border">
            {shown.map((event) => (
              <li key={event.id} className="grid gap-1 p-4 text-sm" data-event-type={event.eventType}>
                <p className="flex flex-wrap items-center gap-2">
                  {isSevere(event.severity) ? (
                    <AlertTriangle aria-label="Warning" className="size-4 text-destructive" />
                  ) : null}
                  <Badge variant={severityVariant(event.severity)}>{event.severity.toUpperCase()}</Badge>
                  <span className="font-medium">{eventTypeLabel(event.eventType)}</span>
                  {event.riskScore > 0 ? (
                    <span
                      className={cn("font-medium", TONE_CLASS[riskTone(event.riskScore)])}
                    >{`Risk: ${event.riskScore}/10`}</span>
                  ) : null}
                </p>
                <p className="text-muted-foreground">
                  {`Category: ${event.eventCategory}`} · <RelativeTime date={event.createdAt} renderedAt={renderedAt} />
                </p>
                <details>
                  <summary className="cursor-pointer text-primary">View Details</summary>
                  <pre className="mt-2 overflow-x-auto rounded-md bg-muted p-3 text-xs">
                    {JSON.stringify(event.details, null, 2)}
                  </pre>
                </details>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
