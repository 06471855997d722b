import type { ChecklistItem } from "~/flows/event-sales/checklist";

/** An event as the list and calendar show it; times are ISO UTC instants. */
export type EventListItem = {
  id: string;
  name: string;
  type: string;
  startsAt: string;
  endsAt: string;
  venue: string;
  boothNumber: string;
  isPublic: boolean;
  archived: boolean;
};

/** An event as its page shows and edits it. */
export type EventDetail = EventListItem & {
  address: string;
  locationId: string;
  currency: string;
  boothFeeCents: number;
  otherCostsCents: number;
  notes: string;
  timeZone: string;
  checklist: ChecklistItem[];
  hasSales: boolean;
};

/** What the event pages know of the seller's Event Sales setup. */
export type EventSetup = { eventTypes: string[]; setupRequirements: string };

/** Which events a list tab shows. */
export const EVENT_TABS = [
  { value: "upcoming", label: "Upcoming" },
  { value: "today", label: "Today" },
  { value: "past", label: "Past" },
] as const;
export type EventTab = (typeof EVENT_TABS)[number]["value"];

export const EVENTS_PATH = "/tools/events";

/** An upcoming public event as the storefront shows it: never fees, notes or stock. */
export type PublicEvent = {
  id: string;
  name: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venue: string;
  address: string;
};
