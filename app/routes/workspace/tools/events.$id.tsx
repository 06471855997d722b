import type { SubmissionResult } from "@conform-to/react";
import { data, Link } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FigureTableHead } from "~/components/ui/figure-table-head";
import { FormAlert } from "~/components/ui/form-alert";
import { Input, Label } from "~/components/ui/input";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { EventForm } from "~/flows/event-sales/components/event-form";
import { EventReportCard } from "~/flows/event-sales/components/event-report-card";
import { EVENTS_PATH } from "~/flows/event-sales/event-item";
import { eventReportQuery } from "~/flows/event-sales/server/event-report-query.server";
import { eventStockQuery } from "~/flows/event-sales/server/event-stock-query.server";
import { eventDetailQuery, eventsContextQuery } from "~/flows/event-sales/server/events-page-query.server";
import { submitEventForm } from "./events.server";
import { EVENT_TYPES } from "~/domains/sales-methods/content/sales-options";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { pageMeta } from "~/lib/meta";
import { formatMoney } from "~/lib/money";
import { isUuid } from "~/lib/text-formats";
import type { ToastMessage } from "~/lib/toast";
import { formatDateTime, resolveTimeZone } from "~/lib/zoned-time";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import { useAnswerToast } from "~/lib/use-answer-toast";
import type { Route } from "./+types/events.$id";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({ title: loaderData?.event.name ?? "Event", description: "An event you sell at." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const id = isUuid(params.id) ? params.id : null;
  const { page } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({
      context: eventsContextQuery(resolveTimeZone(readTimeZone(ctx))),
      event: eventDetailQuery(id),
      stock: eventStockQuery(id),
      report: eventReportQuery(id),
    }),
  });
  if (!page.event) throw data(null, { status: 404 });
  return {
    ...page.context,
    timeZone: resolveTimeZone(page.context.timeZone),
    event: page.event,
    stock: page.stock,
    report: page.report,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  return submitEventForm(context.services, user, await readFormData(request), {
    eventId: params.id,
    fallbackTimeZone: readTimeZone(ctx),
  });
}

type Answer = { form: string; result: SubmissionResult<string[]> | null; toast: ToastMessage };

/** One event: when and where, its checklist, its details to edit, and archive or delete. */
export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, timeZone, currency, setup, stock, report } = loaderData;
  const answer = actionData as Answer | undefined;
  const toast = answer?.toast;
  useAnswerToast(toast);
  const type = EVENT_TYPES.find((t) => t.value === event.type)?.label ?? event.type;
  const costs = event.boothFeeCents + event.otherCostsCents;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <BackLink to={EVENTS_PATH}>Back to events</BackLink>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{event.name}</h1>
        <p className="mt-2 text-muted-foreground">
          {type} · {formatDateTime(event.startsAt, timeZone)} to {formatDateTime(event.endsAt, timeZone)} ({timeZone})
        </p>
        <p className="text-muted-foreground">
          {[event.venue, event.address, event.boothNumber && `Booth ${event.boothNumber}`].filter(Boolean).join(" · ")}
        </p>
        <p className="text-muted-foreground">
          Costs: {formatMoney(costs, event.currency)} · {event.isPublic ? "Shown on your store" : "Private"}
          {event.archived ? " · Archived" : ""}
        </p>
        <div className="mt-3 flex flex-wrap gap-3 text-sm">
          {event.archived ? null : (
            <form method="post">
              <input type="hidden" name="intent" value="sell-here" />
              <button type="submit" className="font-medium underline underline-offset-4">
                Sell at this event
              </button>
            </form>
          )}
          <Link to={`${EVENTS_PATH}/new?from=${event.id}`} className="font-medium underline underline-offset-4">
            Duplicate this event
          </Link>
        </div>
      </div>
      <EventReportCard report={report} currency={event.currency} timeZone={timeZone} />
      <Card id="stock">
        <CardHeader>
          <h2 className="text-xl font-semibold">Stock at this event</h2>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormAlert
            message={answer?.form === "transfer" || answer?.form === "return" ? answer.toast.description : undefined}
          />
          {stock.rows.length ? (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">Brought, sold, returned and left per item</caption>
                <FigureTableHead columns={["Item", "Brought", "Sold", "Returned", "Left"]} />
                <tbody>
                  {stock.rows.map((row) => (
                    <tr key={row.variantId}>
                      <td>{row.label}</td>
                      <td className="text-right">{row.brought}</td>
                      <td className="text-right">{row.sold}</td>
                      <td className="text-right">{row.returned}</td>
                      <td className="text-right">{row.left}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">No stock brought yet.</p>
          )}
          {stock.items.length && stock.sources.length && !event.archived ? (
            <form method="post" className="grid gap-2 sm:grid-cols-4 sm:items-end">
              <input type="hidden" name="intent" value="transfer" />
              <input type="hidden" name="toLocationId" value={event.locationId} />
              <div className="grid gap-1">
                <Label htmlFor="bring-item">Item</Label>
                <select id="bring-item" name="variantId" className="h-9 rounded-md border bg-background px-2 text-sm">
                  {stock.items.map((item) => (
                    <option key={item.variantId} value={item.variantId}>
                      {item.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="grid gap-1">
                <Label htmlFor="bring-from">From</Label>
                <select
                  id="bring-from"
                  name="fromLocationId"
                  className="h-9 rounded-md border bg-background px-2 text-sm"
                >
                  {stock.sources.map((source) => (
                    <option key={source.id} value={source.id}>
                      {source.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="grid gap-1">
                <Label htmlFor="bring-quantity">Units</Label>
                <Input id="bring-quantity" name="quantity" inputMode="numeric" required />
              </div>
              <Button type="submit">Bring stock</Button>
            </form>
          ) : null}
          {stock.rows.some((row) => row.left > 0) && stock.sources.length ? (
            <form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="return-leftovers" />
              <div className="grid gap-1">
                <Label htmlFor="return-to">Return to</Label>
                <select id="return-to" name="toLocationId" className="h-9 rounded-md border bg-background px-2 text-sm">
                  {stock.sources.map((source) => (
                    <option key={source.id} value={source.id}>
                      {source.name}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" variant="outline">
                Return leftovers
              </Button>
            </form>
          ) : null}
        </CardContent>
      </Card>
      <Card id="checklist">
        <CardHeader>
          <h2 className="text-xl font-semibold">Checklist</h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          {event.checklist.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing on the list yet.</p>
          ) : (
            <ul className="grid gap-1">
              {event.checklist.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-2">
                  <form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="toggle-item" />
                    <input type="hidden" name="itemId" value={item.id} />
                    <Button
                      type="submit"
                      variant="outline"
                      size="sm"
                      role="checkbox"
                      aria-checked={item.done}
                      aria-label={item.text}
                    >
                      {item.done ? "✓" : " "}
                    </Button>
                    <span className={item.done ? "line-through text-muted-foreground" : undefined}>{item.text}</span>
                  </form>
                  <form method="post">
                    <input type="hidden" name="intent" value="remove-item" />
                    <input type="hidden" name="itemId" value={item.id} />
                    <Button type="submit" variant="ghost" size="sm">
                      Remove<span className="sr-only"> {item.text}</span>
                    </Button>
                  </form>
                </li>
              ))}
            </ul>
          )}
          <form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="add-checklist-item" />
            <div className="grid gap-1">
              <Label htmlFor="checklist-text">Add an item</Label>
              <Input id="checklist-text" name="text" required maxLength={120} />
            </div>
            <Button type="submit" variant="outline">
              Add
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">Details</h2>
        </CardHeader>
        <CardContent>
          <EventForm
            key={event.id}
            event={event}
            timeZone={timeZone}
            currency={currency}
            setupTypes={setup.eventTypes}
            checklist=""
            lastResult={answer?.form === `save-event-${event.id}` ? answer.result : null}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">Archive or delete</h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          <FormAlert message={answer?.form === "delete" ? answer.toast.description : undefined} />
          <div className="flex flex-wrap gap-2">
            <form method="post">
              <input type="hidden" name="intent" value={event.archived ? "restore" : "archive"} />
              <Button type="submit" variant="outline">
                {event.archived ? "Restore event" : "Archive event"}
              </Button>
            </form>
            {event.hasSales ? null : (
              <form method="post">
                <input type="hidden" name="intent" value="delete" />
                <Button type="submit" variant="destructive">
                  Delete event
                </Button>
              </form>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
