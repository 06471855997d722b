import type { PosEvent, PosRegister } from "./pos-types";

/**
 * What the phone's point of sale opens on: an event's stall, the picker, or every register when the seller has no
 * events.
 */
export type PosEventChoice =
  | { kind: "event"; event: PosEvent; registers: PosRegister[] }
  | { kind: "pick"; events: PosEvent[] }
  | { kind: "all" };

/** `?event=none` in the URL: sell at the seller's other registers although an event is on. */
export const NO_EVENT = "none";

/**
 * The event the phone sells at: the one named by `?event=` or by `?register=` (its stall's register), else the one
 * happening now (the latest started); a seller with events but none on gets the picker.
 */
export function choosePosEvent(
  events: PosEvent[],
  registers: PosRegister[],
  search: URLSearchParams,
  now: Date,
): PosEventChoice {
  const eventId = search.get("event");
  if (events.length === 0 || eventId === NO_EVENT) return { kind: "all" };
  const registerId = search.get("register");
  const byRegister = registers.find((r) => r.id === registerId);
  const time = now.getTime();
  const happening = events
    .filter((e) => Date.parse(e.startsAt) <= time && time < Date.parse(e.endsAt))
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  const event =
    events.find((e) => e.id === eventId) ??
    (byRegister ? events.find((e) => e.locationId === byRegister.locationId) : undefined) ??
    (eventId === null && !byRegister ? happening[0] : undefined);
  if (!event && byRegister) return { kind: "all" };
  if (!event) return { kind: "pick", events: events.filter((e) => Date.parse(e.endsAt) > time) };
  const stall = registers.filter((r) => r.locationId === event.locationId);
  // The register named in the URL first, so the page opens on it.
  stall.sort((a, b) => Number(b.id === registerId) - Number(a.id === registerId));
  return { kind: "event", event, registers: stall };
}
