import { Link } from "react-router";
import { NO_EVENT } from "~/flows/pos/pos-event";
import type { PosEvent } from "~/flows/pos/pos-types";
import { formatDateTime } from "~/lib/zoned-time";

/** The phone's choice when no event is on now: sell at a coming event's stall, or at the other registers. */
export function EventPicker({ title, events, timeZone }: { title: string; events: PosEvent[]; timeZone: string }) {
  return (
    <div className="mx-auto grid max-w-lg gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <h2 className="text-lg font-semibold">No event is on now. Where are you selling?</h2>
      {events.length ? (
        <ul className="grid gap-2">
          {events.map((event) => (
            <li key={event.id}>
              <Link
                to={`?event=${event.id}`}
                className="block rounded-md border p-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                <span className="block font-medium">{event.name}</span>
                <span className="block text-sm text-muted-foreground">
                  {formatDateTime(event.startsAt, timeZone)} to {formatDateTime(event.endsAt, timeZone)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">No events coming up.</p>
      )}
      <Link to={`?event=${NO_EVENT}`} className="text-sm font-medium underline underline-offset-4">
        Sell at your other registers
      </Link>
    </div>
  );
}
