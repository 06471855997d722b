import type { PublicEvent } from "~/flows/event-sales/event-item";
import { jsonForScript } from "~/lib/json-for-script";
import { formatDateTime } from "~/lib/zoned-time";

/** An OpenStreetMap search for the place, built by us so no seller-typed URL is ever linked. */
function mapUrl(event: PublicEvent): string {
  const place = [event.venue, event.address].filter(Boolean).join(", ");
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`;
}

/** The storefront's "Find us at" list of upcoming public events, with schema.org Event data for search engines. */
export function FindUsAt({ events, organizer }: { events: PublicEvent[]; organizer: string }) {
  if (events.length === 0) return null;
  const structured = events.map((event) => ({
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.name,
    startDate: event.startsAt,
    endDate: event.endsAt,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    eventStatus: "https://schema.org/EventScheduled",
    location: { "@type": "Place", name: event.venue || event.name, address: event.address || event.venue },
    organizer: { "@type": "Organization", name: organizer },
  }));
  return (
    <section aria-labelledby="find-us-heading" className="grid gap-4">
      <h2 id="find-us-heading" className="text-2xl">
        Find us at
      </h2>
      <ul className="grid gap-3">
        {events.map((event) => (
          <li key={event.id} className="rounded-md border p-4">
            <p className="font-medium">{event.name}</p>
            <p className="text-sm text-muted-foreground">
              <time dateTime={event.startsAt}>{formatDateTime(event.startsAt, event.timeZone)}</time> to{" "}
              <time dateTime={event.endsAt}>{formatDateTime(event.endsAt, event.timeZone)}</time>
            </p>
            {event.venue || event.address ? (
              <p className="text-sm">
                {[event.venue, event.address].filter(Boolean).join(", ")} ·{" "}
                <a href={mapUrl(event)} className="underline underline-offset-4" rel="noopener noreferrer">
                  Map<span className="sr-only"> of {event.venue || event.address}</span>
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with <, > and & escaped (jsonForScript), so no text can end the element */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(structured) }} />
    </section>
  );
}
