import { z } from "zod";
import { CHECKLIST_ITEM_MAX } from "~/flows/event-sales/checklist";
import { MAX_REPEATS, REPEAT_FREQUENCIES } from "~/flows/event-sales/repeat";
import { EVENT_TYPES } from "~/domains/sales-methods/content/sales-options";
import { checkbox, localDateTimeField, requiredText } from "~/lib/form-fields";
import { MAXIMUM_PRICE_MINOR, parseAmount } from "~/lib/money";

export const EVENT_NAME_MAX = 120;
const TEXT_MAX = 300;
const NOTES_MAX = 4000;

export const EVENT_MESSAGES = {
  name: "Please enter the event's name.",
  nameTooLong: `Please use at most ${EVENT_NAME_MAX} characters.`,
  type: "Please choose the type of event.",
  startsAt: "Please enter when the event starts.",
  endsAt: "Please enter when the event ends.",
  endBeforeStart: "The end must be after the start.",
  tooLong: `Please use at most ${TEXT_MAX} characters.`,
  notesTooLong: `Please use at most ${NOTES_MAX} characters.`,
  amount: "Please enter an amount of 0 or more, like 25 or 25.50.",
  repeatCount: `Please enter how many more times, from 1 to ${MAX_REPEATS}.`,
  checklistItem: "Please enter what to bring or do.",
  checklistItemTooLong: `Please use at most ${CHECKLIST_ITEM_MAX} characters.`,
} as const;

const EVENT_TYPE_VALUES = EVENT_TYPES.map((type) => type.value) as [string, ...string[]];
const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional().default("");
const amount = z
  .string()
  .trim()
  .max(32, EVENT_MESSAGES.amount)
  .optional()
  .refine((value) => !value || centsOf(value) !== null, EVENT_MESSAGES.amount);

/** A money field as minor units; 0 when empty. */
export function centsOf(value: string | undefined): number | null {
  if (!value) return 0;
  const cents = parseAmount(value);
  return cents === null || cents > MAXIMUM_PRICE_MINOR ? null : cents;
}

/** The event form: what, when (wall-clock in the seller's zone), where, costs, and whether it is shown publicly. */
export const eventFormSchema = z
  .object({
    intent: z.literal("save-event"),
    name: requiredText(EVENT_MESSAGES.name, EVENT_NAME_MAX, EVENT_MESSAGES.nameTooLong),
    type: z.enum(EVENT_TYPE_VALUES, { error: EVENT_MESSAGES.type }),
    startsAt: localDateTimeField(EVENT_MESSAGES.startsAt),
    endsAt: localDateTimeField(EVENT_MESSAGES.endsAt),
    venue: optionalText(TEXT_MAX, EVENT_MESSAGES.tooLong),
    address: optionalText(TEXT_MAX, EVENT_MESSAGES.tooLong),
    boothNumber: optionalText(40, EVENT_MESSAGES.tooLong),
    boothFee: amount,
    otherCosts: amount,
    notes: optionalText(NOTES_MAX, EVENT_MESSAGES.notesTooLong),
    isPublic: checkbox,
    confirmPast: checkbox,
    /** On a new event: the checklist's items, one a line. */
    checklist: z.string().max(8000).optional().default(""),
    repeat: z.enum(["none", ...REPEAT_FREQUENCIES]).default("none"),
    repeatCount: z.string().trim().max(3).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.endsAt <= value.startsAt)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: EVENT_MESSAGES.endBeforeStart });
    if (value.repeat !== "none") {
      const count = Number(value.repeatCount);
      if (!/^\d+$/.test(value.repeatCount ?? "") || count < 1 || count > MAX_REPEATS)
        ctx.addIssue({ code: "custom", path: ["repeatCount"], message: EVENT_MESSAGES.repeatCount });
    }
  });

export type EventFormValue = z.output<typeof eventFormSchema>;

/** One checklist item typed by the seller. */
export const checklistItemSchema = z.object({
  intent: z.literal("add-checklist-item"),
  text: requiredText(EVENT_MESSAGES.checklistItem, CHECKLIST_ITEM_MAX, EVENT_MESSAGES.checklistItemTooLong),
});
