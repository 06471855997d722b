import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { EventDetail } from "~/flows/event-sales/event-item";
import { MAX_REPEATS } from "~/flows/event-sales/repeat";
import { eventFormSchema } from "~/flows/event-sales/schemas/event-form";
import { EVENT_TYPES } from "~/domains/sales-methods/content/sales-options";
import { amountInput } from "~/lib/money";
import { useSchemaForm } from "~/lib/use-schema-form";
import { utcToZonedLocal } from "~/lib/zoned-time";

const textareaClass =
  "min-h-20 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring";
const selectClass = "h-9 w-full rounded-md border border-input bg-background px-3 text-sm";

/**
 * The event form: new (types from the setup first, checklist from its requirements, repeats) or editing a saved
 * event; times are entered in the seller's zone.
 */
export function EventForm({
  event,
  copyOf = null,
  timeZone,
  currency,
  setupTypes,
  checklist,
  lastResult,
}: {
  event: EventDetail | null;
  /** A new event's starting values taken from this one (a duplicate). */
  copyOf?: EventDetail | null;
  timeZone: string;
  currency: string;
  setupTypes: string[];
  checklist: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const base = event ?? copyOf;
  const [form, fields] = useSchemaForm(`event-${event?.id ?? "new"}`, eventFormSchema, lastResult, {
    name: base?.name ?? "",
    type: base?.type ?? setupTypes[0] ?? "",
    startsAt: base ? utcToZonedLocal(new Date(base.startsAt), timeZone) : "",
    endsAt: base ? utcToZonedLocal(new Date(base.endsAt), timeZone) : "",
    venue: base?.venue ?? "",
    address: base?.address ?? "",
    boothNumber: base?.boothNumber ?? "",
    boothFee: base?.boothFeeCents ? amountInput(base.boothFeeCents) : "",
    otherCosts: base?.otherCostsCents ? amountInput(base.otherCostsCents) : "",
    notes: base?.notes ?? "",
    isPublic: base?.isPublic ? "on" : undefined,
    checklist,
    repeat: "none",
  });
  // The setup's event types first, then the others.
  const types = [
    ...EVENT_TYPES.filter((type) => setupTypes.includes(type.value)),
    ...EVENT_TYPES.filter((type) => !setupTypes.includes(type.value)),
  ];
  const confirmError = fields.confirmPast.errors?.[0];
  return (
    <form method="post" {...getFormProps(form)} className="grid gap-3">
      <FormAlert message={form.errors?.[0]} />
      <input type="hidden" name="intent" value="save-event" />
      <FormField id={fields.name.id} label="Event name" errors={fields.name.errors}>
        {(control) => <Input {...getInputProps(fields.name, { type: "text" })} {...control} />}
      </FormField>
      <FormField id={fields.type.id} label="Type of event" errors={fields.type.errors}>
        {(control) => (
          <select {...getSelectProps(fields.type)} {...control} className={selectClass}>
            <option value="">Choose a type</option>
            {types.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          id={fields.startsAt.id}
          label="Starts"
          errors={fields.startsAt.errors}
          hint={`In your time zone, ${timeZone}.`}
        >
          {(control) => <Input {...getInputProps(fields.startsAt, { type: "datetime-local" })} {...control} />}
        </FormField>
        <FormField id={fields.endsAt.id} label="Ends" errors={fields.endsAt.errors}>
          {(control) => <Input {...getInputProps(fields.endsAt, { type: "datetime-local" })} {...control} />}
        </FormField>
      </div>
      <FormField id={fields.venue.id} label="Venue" errors={fields.venue.errors}>
        {(control) => <Input {...getInputProps(fields.venue, { type: "text" })} {...control} />}
      </FormField>
      <FormField id={fields.address.id} label="Address" errors={fields.address.errors}>
        {(control) => <Input {...getInputProps(fields.address, { type: "text" })} {...control} />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id={fields.boothNumber.id} label="Booth or stall number" errors={fields.boothNumber.errors}>
          {(control) => <Input {...getInputProps(fields.boothNumber, { type: "text" })} {...control} />}
        </FormField>
        <FormField id={fields.boothFee.id} label={`Booth fee (${currency})`} errors={fields.boothFee.errors}>
          {(control) => (
            <Input {...getInputProps(fields.boothFee, { type: "text" })} {...control} inputMode="decimal" />
          )}
        </FormField>
        <FormField id={fields.otherCosts.id} label={`Other costs (${currency})`} errors={fields.otherCosts.errors}>
          {(control) => (
            <Input {...getInputProps(fields.otherCosts, { type: "text" })} {...control} inputMode="decimal" />
          )}
        </FormField>
      </div>
      <FormField id={fields.notes.id} label="Notes (only you see them)" errors={fields.notes.errors}>
        {(control) => <textarea {...getTextareaProps(fields.notes)} {...control} className={textareaClass} />}
      </FormField>
      {event ? null : (
        <FormField
          id={fields.checklist.id}
          label="Checklist"
          errors={fields.checklist.errors}
          hint="One item a line; started from your setup requirements."
        >
          {(control) => <textarea {...getTextareaProps(fields.checklist)} {...control} className={textareaClass} />}
        </FormField>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.isPublic, { type: "checkbox" })} className="size-4" />
        Show it on my store's "Find us at" list
      </label>
      {event ? null : (
        <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium">Repeat</legend>
          <FormField id={fields.repeat.id} label="Repeats" errors={fields.repeat.errors}>
            {(control) => (
              <select {...getSelectProps(fields.repeat)} {...control} className={selectClass}>
                <option value="none">Does not repeat</option>
                <option value="weekly">Every week</option>
                <option value="monthly">Every month</option>
              </select>
            )}
          </FormField>
          <FormField
            id={fields.repeatCount.id}
            label="More times"
            errors={fields.repeatCount.errors}
            hint={`Up to ${MAX_REPEATS}, at the same local time.`}
          >
            {(control) => (
              <Input {...getInputProps(fields.repeatCount, { type: "text" })} {...control} inputMode="numeric" />
            )}
          </FormField>
        </fieldset>
      )}
      <div className="grid gap-1">
        <label className="flex items-center gap-2 text-sm">
          <input
            {...getInputProps(fields.confirmPast, { type: "checkbox" })}
            aria-describedby={`${fields.confirmPast.id}-error`}
            className="size-4"
          />
          It starts in the past: record it anyway
        </label>
        <p
          id={`${fields.confirmPast.id}-error`}
          aria-live="polite"
          className="min-h-5 text-sm font-medium text-destructive"
        >
          {confirmError}
        </p>
      </div>
      <div>
        <Button type="submit">{event ? "Save event" : "Create event"}</Button>
      </div>
    </form>
  );
}
