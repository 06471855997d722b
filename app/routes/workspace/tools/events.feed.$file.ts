import { data } from "react-router";
import { readCalendarFeed } from "~/features/event-sales/server/read-calendar-feed.server";
import type { Route } from "./+types/events.feed.$file";

/** The seller's private calendar feed at `<secret token>.ics`: 404 for any other name, so a reset URL is dead at once. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -4) : "";
  const text = token ? await readCalendarFeed(context.services.db, token, new Date()) : null;
  if (text === null) throw data(null, { status: 404 });
  return new Response(text, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="events.ics"',
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
}
