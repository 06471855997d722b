import { CheckCircle2, Eye, TriangleAlert } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { severityVariant } from "~/domains/security/security-format";
import { RelativeTime } from "./relative-time";

export type AuditRow = {
  id: string;
  title: string;
  severity: string;
  status: "fixed" | "monitoring" | "attention";
  detail: string;
  checkedAt: Date | string;
  fixedAt: Date | string | null;
};

const STATUS = {
  fixed: { label: "RESOLVED", icon: CheckCircle2, className: "text-success" },
  monitoring: { label: "MONITORING", icon: Eye, className: "text-warning" },
  attention: { label: "NEEDS ATTENTION", icon: TriangleAlert, className: "text-destructive" },
} as const;

/** What is in place (each backed by a check above or a test). */
const ENHANCEMENTS = [
  "Two-factor secrets encrypted at rest (XChaCha20-Poly1305)",
  "Backup codes stored as keyed hashes, each usable once",
  "Each authenticator code accepted once",
  "Two-factor on every sign-in path: password, magic link and Google",
  "Sessions ended at once, listed without their tokens",
  "Security events written by the server only, with IP and time",
];

/** The security audit results, each status from a live check with its time. */
export function AuditCard({ items, renderedAt }: { items: AuditRow[]; renderedAt: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Security Audit Results</CardTitle>
        <CardDescription>Checked live against this system each time the page loads.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="divide-y rounded-lg border">
          {items.map((item) => {
            const status = STATUS[item.status];
            const Icon = status.icon;
            return (
              <li key={item.id} className="grid gap-1 p-4 text-sm" data-audit={item.id}>
                <p className="flex flex-wrap items-center gap-2">
                  <Icon aria-hidden="true" className={`size-4 ${status.className}`} />
                  <span className="font-medium">{item.title}</span>
                  <Badge variant={severityVariant(item.severity)}>{item.severity.toUpperCase()}</Badge>
                  <span className={`font-semibold ${status.className}`}>{status.label}</span>
                </p>
                <p className="text-muted-foreground">{item.detail}</p>
                <p className="text-xs text-muted-foreground">
                  {item.status === "fixed" && item.fixedAt ? (
                    <>
                      Fixed: <RelativeTime date={item.fixedAt} renderedAt={renderedAt} /> ·{" "}
                    </>
                  ) : null}
                  Checked <RelativeTime date={item.checkedAt} renderedAt={renderedAt} />
                </p>
              </li>
            );
          })}
        </ul>
        <div>
          <h3 className="text-sm font-semibold">Enhancements</h3>
          <ul className="mt-2 list-inside list-disc text-sm text-muted-foreground">
            {ENHANCEMENTS.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
