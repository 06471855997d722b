import { MailPlus } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { DataTable } from "~/components/ui/data-table";
import {
  CUSTOMER_VIEWS,
  CUSTOMERS_PATH,
  type CustomerView,
  type SubscriberListItem,
  subscriberSourceLabel,
} from "~/domains/customers/customer-display";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/zoned-time";

/** Links between the customers page's views, the current one marked. */
export function CustomerViewTabs({ view }: { view: CustomerView }) {
  return (
    <nav aria-label="Customer views" className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
      {CUSTOMER_VIEWS.map((tab) => (
        <Link
          key={tab.value}
          to={tab.value === "customers" ? CUSTOMERS_PATH : `${CUSTOMERS_PATH}?view=${tab.value}`}
          aria-current={tab.value === view ? "page" : undefined}
          className={cn(
            "rounded-md px-4 py-1.5 text-sm font-medium text-muted-foreground",
            tab.value === view && "bg-background text-foreground shadow-sm",
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** The seller's subscribers: email, where and when they confirmed, what they agreed to, and whether they left. */
export function SubscriberList({
  subscribers,
  timeZone,
}: {
  subscribers: readonly SubscriberListItem[];
  timeZone: string;
}) {
  return (
    <DataTable
      caption="Your subscribers"
      columns={[
        { label: "Email" },
        { label: "Signed up on" },
        { label: "Signed up" },
        { label: "Consent" },
        { label: "Status" },
      ]}
      wide
    >
      {subscribers.map((subscriber) => (
        <tr key={subscriber.id} className="border-t">
          <td className="break-all px-3 py-2">{subscriber.email}</td>
          <td className="whitespace-nowrap px-3 py-2">{subscriberSourceLabel(subscriber.source)}</td>
          <td className="whitespace-nowrap px-3 py-2">{formatDateTime(subscriber.consentedAt, timeZone)}</td>
          <td className="min-w-64 px-3 py-2 text-sm text-muted-foreground">{subscriber.consentText}</td>
          <td className="whitespace-nowrap px-3 py-2">
            {subscriber.unsubscribedAt ? (
              <Badge variant="outline">Unsubscribed {formatDateTime(subscriber.unsubscribedAt, timeZone)}</Badge>
            ) : (
              <Badge variant="success">Subscribed</Badge>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** How many sign-ups wait for their address's owner to confirm: not subscribers yet, and not in the export. */
export function PendingSignups({ count }: { count: number }) {
  return (
    <p className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
      {count === 1
        ? "1 sign-up is waiting for confirmation: it joins your subscribers once its owner opens the link we emailed."
        : `${count} sign-ups are waiting for confirmation: each joins your subscribers once its owner opens the link we emailed.`}
    </p>
  );
}

/** No subscriber yet, or none past the first page. */
export function NoSubscribers({ paged }: { paged: boolean }) {
  return (
    <div className="grid place-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
      <MailPlus aria-hidden="true" className="size-10 text-muted-foreground" />
      <div>
        <h2 className="text-xl font-semibold">{paged ? "No more subscribers" : "No subscribers yet"}</h2>
        <p className="mt-1 text-muted-foreground">
          {paged
            ? "Go back to the first page."
            : "When someone signs up with their email on your Link in bio page and confirms it from the email we send, they appear here with their consent."}
        </p>
      </div>
    </div>
  );
}
