import { describe, expect, it } from "vitest";
import { choosePosEvent } from "~/flows/pos/pos-event";
import type { PosEvent, PosRegister } from "~/flows/pos/pos-types";

const event = (id: string, startsAt: string, endsAt: string): PosEvent => ({
  id,
  name: `Event ${id}`,
  locationId: `loc-${id}`,
  startsAt,
  endsAt,
});
const register = (id: string, locationId: string): PosRegister => ({
  id,
  name: id,
  locationId,
  locationName: locationId,
  cardReaderLabel: null,
  atEvent: false,
  openShift: null,
});

const morning = event("a", "2030-06-01T08:00:00Z", "2030-06-01T12:00:00Z");
const allDay = event("b", "2030-06-01T10:00:00Z", "2030-06-01T18:00:00Z");
const next = event("c", "2030-06-08T08:00:00Z", "2030-06-08T12:00:00Z");
const events = [morning, allDay, next];
const registers = [register("shop", "loc-shop"), register("b1", "loc-b"), register("b2", "loc-b")];
const at = (iso: string) => new Date(iso);
const search = (query: string) => new URLSearchParams(query);

describe("the event the phone sells at", () => {
  it("is the one on now, the latest started when two overlap, with only its stall's registers", () => {
    const choice = choosePosEvent(events, registers, search(""), at("2030-06-01T11:00:00Z"));
    expect(choice).toEqual({ kind: "event", event: allDay, registers: [registers[1], registers[2]] });
    expect(choosePosEvent(events, registers, search(""), at("2030-06-01T09:00:00Z"))).toMatchObject({
      event: morning,
      registers: [],
    });
  });

  it("ends at the event's end, and offers the coming events to pick from", () => {
    const choice = choosePosEvent(events, registers, search(""), at("2030-06-01T18:00:00Z"));
    expect(choice).toEqual({ kind: "pick", events: [next] });
  });

  it("is the one picked by ?event= or by its stall's ?register=, that register first", () => {
    const now = at("2030-06-01T09:00:00Z");
    expect(choosePosEvent(events, registers, search("event=c"), now)).toMatchObject({ event: next });
    const byRegister = choosePosEvent(events, registers, search("register=b2"), now);
    expect(byRegister).toEqual({ kind: "event", event: allDay, registers: [registers[2], registers[1]] });
  });

  it("asks again for an unknown event, and sells at every register without events or when told", () => {
    const now = at("2030-06-01T09:00:00Z");
    expect(choosePosEvent(events, registers, search("event=gone"), now).kind).toBe("pick");
    expect(choosePosEvent(events, registers, search("event=none"), now)).toEqual({ kind: "all" });
    expect(choosePosEvent(events, registers, search("register=shop"), now)).toEqual({ kind: "all" });
    expect(choosePosEvent([], registers, search(""), now)).toEqual({ kind: "all" });
  });
});
