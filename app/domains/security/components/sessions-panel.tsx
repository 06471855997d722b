import { LogOut, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { describeUserAgent } from "~/domains/security/security-format";
import { isErrorCode } from "~/lib/errors";
import { showToast } from "~/lib/toast";
import { useIsPending, usePendingFormData } from "~/lib/use-is-pending";
import { RelativeTime } from "./relative-time";

export type SessionRow = {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  lastActiveAt: Date | string;
  isActive: boolean;
  isCurrent: boolean;
};

type Refreshed = { from: SessionRow[]; sessions: SessionRow[]; renderedAt: number };

/** Reads the sessions again (GET /security-settings/sessions); null when the server could not. */
async function fetchSessions(): Promise<Omit<Refreshed, "from"> | null> {
  const response = await fetch("/security-settings/sessions", { headers: { accept: "application/json" } }).catch(
    () => null,
  );
  const body = response?.headers.get("content-type")?.includes("json")
    ? ((await response.json().catch(() => null)) as Record<string, unknown> | null)
    : null;
  if (!response?.ok || !body || isErrorCode(body.code) || !Array.isArray(body.sessions)) return null;
  return { sessions: body.sessions as SessionRow[], renderedAt: Number(body.renderedAt) };
}

/** The active sessions panel; Terminate ends a session on the server at once. */
export function SessionsPanel({
  sessions: loaded,
  renderedAt: loadedAt,
}: {
  sessions: SessionRow[];
  renderedAt: number;
}) {
  const [loading, setLoading] = useState(false);
  // Refresh Sessions replaces the list until the page's own data changes (after a Terminate, say).
  const [refreshed, setRefreshed] = useState<Refreshed | null>(null);
  const current = refreshed && refreshed.from === loaded ? refreshed : null;
  const sessions = current?.sessions ?? loaded;
  const renderedAt = current?.renderedAt ?? loadedAt;
  const refresh = async () => {
    setLoading(true);
    const result = await fetchSessions();
    setLoading(false);
    if (result) setRefreshed({ from: loaded, ...result });
    else showToast({ type: "error", title: "Failed to load security sessions" });
  };
  const endingOthers = useIsPending({ intent: "terminate-other-sessions" });
  const terminating = usePendingFormData({ intent: "terminate-session" })?.get("sessionId") ?? null;
  const active = sessions.filter((entry) => entry.isActive);
  const others = active.filter((entry) => !entry.isCurrent);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle as="h2" className="flex items-center gap-2">
          Active sessions{" "}
          <Badge variant="secondary" aria-label={`${active.length} active`}>
            {active.length}
          </Badge>
        </CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={refresh} disabled={loading}>
            <RefreshCw aria-hidden="true" /> Refresh Sessions
          </Button>
          {others.length > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="terminate-other-sessions" />
              <Button type="submit" variant="outline" size="sm" disabled={endingOthers}>
                <LogOut aria-hidden="true" /> Sign out all other sessions
              </Button>
            </Form>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        {loading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading sessions...
          </p>
        ) : sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No active sessions found</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {sessions.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="grid gap-1 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {describeUserAgent(entry.userAgent)}
                    <Badge variant={entry.isActive ? "success" : "secondary"}>
                      {entry.isActive ? "Active" : "Inactive"}
                    </Badge>
                    {entry.isCurrent ? <Badge variant="outline">This device</Badge> : null}
                  </p>
                  {entry.ipAddress ? <p className="text-muted-foreground">{`IP ${entry.ipAddress}`}</p> : null}
                  <p className="text-muted-foreground">
                    Last active <RelativeTime date={entry.lastActiveAt} renderedAt={renderedAt} />
                  </p>
                </div>
                {entry.isActive && !entry.isCurrent ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="terminate-session" />
                    <input type="hidden" name="sessionId" value={entry.id} />
                    <Button
                      type="submit"
                      variant="destructive"
                      size="sm"
                      disabled={terminating === entry.id}
                      aria-label={`Terminate session: ${describeUserAgent(entry.userAgent)}${entry.ipAddress ? `, IP ${entry.ipAddress}` : ""}`}
                    >
                      {terminating === entry.id ? "Terminating..." : "Terminate"}
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
