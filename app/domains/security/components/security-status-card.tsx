import { Activity, Lock, Radar } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { SECURITY_ALERT_RISK, THREAT_WINDOW_HOURS } from "~/domains/security/security-format";

/** The Encrypted 2FA, Session Monitoring and Threat Detection tiles, from the live state. */
export function SecurityStatusCard({
  twoFactorEnabled,
  activeSessions,
  recentAlerts,
}: {
  twoFactorEnabled: boolean;
  activeSessions: number;
  recentAlerts: number;
}) {
  const tiles = [
    {
      icon: Lock,
      title: "Encrypted 2FA",
      value: twoFactorEnabled ? "On" : "Off",
      text: twoFactorEnabled ? "Your secret is encrypted at rest." : "Turn on two-factor below.",
    },
    {
      icon: Activity,
      title: "Session Monitoring",
      value: "Active",
      text: `${activeSessions} active ${activeSessions === 1 ? "session" : "sessions"}`,
    },
    {
      icon: Radar,
      title: "Threat Detection",
      value: recentAlerts === 0 ? "No alerts" : `${recentAlerts} ${recentAlerts === 1 ? "alert" : "alerts"}`,
      text: `Risk ${SECURITY_ALERT_RISK} or more, last ${THREAT_WINDOW_HOURS} hours`,
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Security status</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 sm:grid-cols-3">
          {tiles.map(({ icon: Icon, title, value, text }) => (
            <li key={title} className="rounded-lg border p-4">
              <p className="flex items-center gap-2 text-sm font-medium">
                <Icon aria-hidden="true" className="size-4 text-primary" /> {title}
              </p>
              <p className="mt-2 text-xl font-bold">{value}</p>
              <p className="text-xs text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
