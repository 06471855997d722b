import { readCalendarFeed } from "~/flows/event-sales/server/read-calendar-feed.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/events.feed.$file";

/** The seller's private calendar feed at `<secret token>.ics`; any other name is 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -4) : "";
  const text = token ? await readCalendarFeed(context.services.db, token, new Date()) : null;
  if (text === null)
    return new Response("This calendar feed does not exist. Copy the current link from the Event Sales Manager.", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  return new Response(text, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="events.ics"',
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
