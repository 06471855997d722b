import { Archive, ArchiveRestore, Pencil, TicketPercent, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { formatMoney } from "~/lib/money";
import {
  DISCOUNT_STATUS_LABELS,
  type DiscountCodeItem,
  type DiscountStatus,
  type DiscountProductOption,
  discountOffLabel,
  discountStatus,
  discountUsageLabel,
  freeBelowMinimumWarnings,
} from "~/domains/discounts/discount-display";
import { editDiscountPath } from "~/domains/discounts/paths";
import { FreeBelowMinimumWarning } from "./discount-code-form";
import { formatDateTime } from "~/lib/zoned-time";
import { usePendingFormData } from "~/lib/use-is-pending";

const STATUS_VARIANTS: Record<DiscountStatus, "success" | "secondary" | "outline" | "warning" | "destructive"> = {
  active: "success",
  scheduled: "secondary",
  expired: "outline",
  used_up: "warning",
  archived: "outline",
};

function windowLabel(code: DiscountCodeItem, timeZone: string): string {
  if (!code.startsAt && !code.endsAt) return "Always";
  if (code.startsAt && code.endsAt)
    return `${formatDateTime(code.startsAt, timeZone)} – ${formatDateTime(code.endsAt, timeZone)}`;
  if (code.startsAt) return `From ${formatDateTime(code.startsAt, timeZone)}`;
  return `Until ${formatDateTime(code.endsAt!, timeZone)}`;
}

/**
 * The store's discount codes with their amount, products, window, uses and status, and the edit, archive and delete
 * actions.
 */
export function DiscountCodeList({
  codes,
  currency,
  timeZone,
  now,
  products,
}: {
  codes: readonly DiscountCodeItem[];
  /** The creator's products, so a fixed code that makes a pay-what-you-want one free is flagged. */
  products: readonly DiscountProductOption[];
  currency: string;
  timeZone: string;
  /** When the page was made, so server and browser show the same status. */
  now: string;
}) {
  const at = new Date(now);
  return (
    <ul className="grid gap-4" aria-label="Discount codes">
      {codes.map((code) => {
        const status = discountStatus(code, at);
        return (
          <li key={code.id} className="grid gap-3 rounded-lg border bg-card p-4">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="min-w-0 break-all font-mono text-lg font-semibold">{code.code}</h3>
              <Badge variant={STATUS_VARIANTS[status]}>{DISCOUNT_STATUS_LABELS[status]}</Badge>
            </div>
            <dl className="grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
              <div>
                <dt className="text-muted-foreground">Takes off</dt>
                <dd className="font-semibold">
                  {discountOffLabel(code, currency)}
                  {code.minAmountCents !== null ? (
                    <span className="block text-xs font-normal text-muted-foreground">
                      on orders from {formatMoney(code.minAmountCents, currency)}
                    </span>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Products</dt>
                <dd className="break-words font-semibold">
                  {code.appliesTo === "all"
                    ? "All products"
                    : code.products.map((product) => product.name).join(", ") || "None left"}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Valid</dt>
                <dd className="font-semibold">{windowLabel(code, timeZone)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Used</dt>
                <dd className="font-semibold">
                  {discountUsageLabel(code)}
                  {code.overLimitCount > 0 ? (
                    <span className="block text-xs font-normal text-muted-foreground">
                      Late payments after the limit was reached: the buyers paid the discounted price.
                    </span>
                  ) : null}
                </dd>
              </div>
            </dl>
            <FreeBelowMinimumWarning
              warnings={freeBelowMinimumWarnings(
                { ...code, productIds: code.products.map((product) => product.id) },
                products,
                currency,
              )}
            />
            <div className="flex flex-wrap gap-2">
              <ButtonLink to={editDiscountPath(code.id)} size="sm" variant="outline">
                <Pencil aria-hidden="true" /> Edit<span className="sr-only"> {code.code}</span>
              </ButtonLink>
              <CodeAction code={code} intent={code.archivedAt ? "unarchive" : "archive"} />
              {code.used ? null : <CodeAction code={code} intent="delete" />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

const ACTION_LABELS = {
  archive: { label: "Archive", icon: <Archive aria-hidden="true" /> },
  unarchive: { label: "Accept again", icon: <ArchiveRestore aria-hidden="true" /> },
  delete: { label: "Delete", icon: <Trash2 aria-hidden="true" /> },
} as const;

/** One action as a small form that works without JavaScript; delete asks for confirmation where script runs. */
function CodeAction({ code, intent }: { code: DiscountCodeItem; intent: keyof typeof ACTION_LABELS }) {
  const pending = usePendingFormData({ intent })?.get("id") === code.id;
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (intent === "delete" && !window.confirm(`Delete the code “${code.code}”? This cannot be undone.`))
          event.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={code.id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        size="sm"
        variant={intent === "delete" ? "ghost" : "outline"}
        disabled={pending}
      >
        {ACTION_LABELS[intent].icon}
        {ACTION_LABELS[intent].label}
        <span className="sr-only"> {code.code}</span>
      </Button>
    </Form>
  );
}

/** No code yet: what codes are for. */
export function NoDiscountCodes() {
  return (
    <div className="grid place-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
      <TicketPercent aria-hidden="true" className="size-10 text-muted-foreground" />
      <div>
        <h3 className="text-xl font-semibold">No discount codes yet</h3>
        <p className="mt-1 text-muted-foreground">Create a code below: buyers type it at checkout to pay less.</p>
      </div>
    </div>
  );
}
