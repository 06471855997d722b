import { Badge } from "~/components/ui/badge";
import { CONNECTION_STATUS_LABELS } from "~/domains/payments/content/providers";

const VARIANTS = { not_connected: "outline", pending: "warning", ready: "success" } as const;

/** A provider connection's status: Not connected, Pending or Ready. */
export function ConnectionStatusBadge({ status }: { status: keyof typeof CONNECTION_STATUS_LABELS }) {
  return <Badge variant={VARIANTS[status]}>{CONNECTION_STATUS_LABELS[status]}</Badge>;
}
