import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { type CalendarEvent, MonthCalendar } from "~/flows/event-sales/components/month-calendar";
import { eventsOfTab, localDay, monthOf, shiftMonth } from "~/flows/event-sales/event-calendar";
import { EVENT_TABS, EVENTS_PATH, type EventTab } from "~/flows/event-sales/event-item";
import { eventListQuery, eventsContextQuery } from "~/flows/event-sales/server/events-page-query.server";
import { resetCalendarFeed } from "~/flows/event-sales/server/reset-calendar-feed.server";
import { EVENT_TYPES } from "~/domains/sales-methods/content/sales-options";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { formatDateTime, resolveTimeZone } from "~/lib/zoned-time";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/events";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: "Event Sales Manager",
    description: "Your markets, fairs and shows: when, where and what they earned.",
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const { page } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({
      context: eventsContextQuery(resolveTimeZone(readTimeZone(ctx))),
      events: eventListQuery,
    }),
  });
  const now = new Date();
  const timeZone = resolveTimeZone(page.context.timeZone);
  const tabParam = ctx.url.searchParams.get("tab");
  const tab: EventTab = EVENT_TABS.some((t) => t.value === tabParam) ? (tabParam as EventTab) : "upcoming";
  return {
    timeZone,
    tab,
    today: localDay(now, timeZone),
    month: monthOf(ctx.url.searchParams.get("month"), localDay(now, timeZone)),
    listed: eventsOfTab(page.events, tab, now, timeZone),
    events: page.events.filter((event) => !event.archived),
  };
}

/** Makes a new secret calendar feed URL (the old one stops working) and shows it once: only its hash is kept. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context.services, requestContext(request));
  const form = await readFormData(request);
  if (form.get("intent") !== "reset-feed") throw data(null, { status: 400 });
  const token = await resetCalendarFeed(context.services.db, user.id);
  return { feedUrl: new URL(`${EVENTS_PATH}/feed/${token}.ics`, context.services.env.APP_URL).href };
}

const typeLabel = (value: string) => EVENT_TYPES.find((type) => type.value === value)?.label ?? value;
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00Z`),
  );

/** The seller's events: tabs of upcoming, today's and past events, and a month calendar. */
export default function Events({ loaderData, actionData }: Route.ComponentProps) {
  const { timeZone, tab, today, month, listed, events } = loaderData;
  const byDay: Record<string, CalendarEvent[]> = {};
  for (const event of events) {
    const day = localDay(event.startsAt, timeZone);
    byDay[day] = [...(byDay[day] ?? []), { id: event.id, name: event.name }];
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Event Sales Manager</h1>
        <Link
          to={`${EVENTS_PATH}/new`}
          className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground"
        >
          New event
        </Link>
      </div>
      <p className="mt-2 text-muted-foreground">Times are shown in your time zone, {timeZone}.</p>
      <Link
        to={`${EVENTS_PATH}/compare`}
        className="mt-2 inline-block text-sm font-medium underline underline-offset-4"
      >
        Compare events
      </Link>
      <nav aria-label="Events by date" className="mt-6 flex flex-wrap gap-1 rounded-lg bg-muted p-1">
        {EVENT_TABS.map((t) => (
          <Link
            key={t.value}
            to={`${EVENTS_PATH}?tab=${t.value}&month=${month}`}
            aria-current={t.value === tab ? "page" : undefined}
            className={cn("rounded-md px-3 py-1.5 text-sm font-medium", t.value === tab && "bg-background shadow-sm")}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <section aria-labelledby="list-title" className="mt-4">
        <h2 id="list-title" className="sr-only">
          {EVENT_TABS.find((t) => t.value === tab)!.label} events
        </h2>
        {listed.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-muted-foreground">No events here yet.</p>
        ) : (
          <ul className="grid gap-2">
            {listed.map((event) => (
              <li key={event.id} className="rounded-md border p-3">
                <Link to={`${EVENTS_PATH}/${event.id}`} className="font-medium underline underline-offset-4">
                  {event.name}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {typeLabel(event.type)} · {formatDateTime(event.startsAt, timeZone)} to{" "}
                  {formatDateTime(event.endsAt, timeZone)}
                  {event.venue ? ` · ${event.venue}` : ""}
                  {event.archived ? " · Archived" : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="calendar-title" className="mt-10">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="calendar-title" className="text-xl font-semibold">
            {monthLabel(month)}
          </h2>
          <div className="flex gap-3 text-sm">
            <Link to={`${EVENTS_PATH}?tab=${tab}&month=${shiftMonth(month, -1)}`} className="underline">
              Previous month
            </Link>
            <Link to={`${EVENTS_PATH}?tab=${tab}&month=${shiftMonth(month, 1)}`} className="underline">
              Next month
            </Link>
          </div>
        </div>
        <MonthCalendar
          month={month}
          today={today}
          byDay={byDay}
          title={`Events in ${monthLabel(month)}`}
          eventPath={EVENTS_PATH}
          monthUrl={(m) => `${EVENTS_PATH}?tab=${tab}&month=${m}`}
        />
      </section>
      <section aria-labelledby="feed-title" className="mt-10 grid gap-2">
        <h2 id="feed-title" className="text-xl font-semibold">
          Calendar feed
        </h2>
        <p className="text-sm text-muted-foreground">
          Subscribe to your events in your calendar app with a private link. Making a new link stops the old one at
          once.
        </p>
        {actionData?.feedUrl ? (
          <div className="grid gap-1">
            <label htmlFor="feed-url" className="text-sm font-medium">
              Your private calendar link (shown only now: copy it)
            </label>
            <input id="feed-url" readOnly value={actionData.feedUrl} className="rounded-md border px-3 py-2 text-sm" />
          </div>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="reset-feed" />
          <Button type="submit" variant="outline">
            Make a new calendar link
          </Button>
        </Form>
      </section>
    </div>
  );
}
