import { z } from "zod";
import type { Currency } from "~/lib/money";
import { amountField } from "~/domains/catalog/schemas/amount-field";
import { zonedLocalToUtc } from "~/lib/zoned-time";
import { optionalLocalDateTimeField } from "~/lib/form-fields";
import { isLocalDateTime, UUID_PATTERN } from "~/lib/text-formats";

/** The discount code form for create and edit, shared by the browser and the server. */
export const CODE_MIN = 3;
export const CODE_MAX = 32;
export const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** More redemptions than anyone sells is a typo. */
export const MAX_REDEMPTIONS_LIMIT = 1_000_000;

export const DISCOUNT_KINDS = [
  { value: "percent", label: "A percentage" },
  { value: "fixed", label: "A fixed amount" },
] as const;
export const DISCOUNT_SCOPES = [
  { value: "all", label: "All products" },
  { value: "selected", label: "Chosen products" },
] as const;

export const CODE_REQUIRED_MESSAGE = "Please enter a code";
export const CODE_LENGTH_MESSAGE = `Codes are ${CODE_MIN} to ${CODE_MAX} characters long`;
export const CODE_CHARACTERS_MESSAGE = "Use only letters, digits, - and _ (no spaces)";
export const KIND_MESSAGE = "Please choose what the code takes off";
export const PERCENT_MESSAGE = "Enter a whole percentage from 1 to 100";
export const AMOUNT_OFF_REQUIRED_MESSAGE = "Please enter the amount the code takes off";
export const AMOUNT_INVALID_MESSAGE = "Please enter an amount like 5 or 5.50 (no minus sign, at most two decimals)";
export const AMOUNT_OFF_TOO_SMALL_MESSAGE = "The amount off must be more than 0";
export const SCOPE_MESSAGE = "Please choose which products the code applies to";
export const PRODUCTS_REQUIRED_MESSAGE = "Please choose at least one product";
export const PRODUCTS_INVALID_MESSAGE = "Please choose products from the list";
export const DATE_INVALID_MESSAGE = "Please enter a date and time";
export const END_BEFORE_START_MESSAGE = "The end must be after the start";
export const MAX_REDEMPTIONS_MESSAGE = `Enter a whole number from 1 to ${MAX_REDEMPTIONS_LIMIT.toLocaleString("en-US")}, or leave it empty for no limit`;

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((option) => option.value) as [T[number]["value"], ...T[number]["value"][]];

/** An optional whole number as typed within [min, max] (null when empty). */
function wholeNumberField(min: number, max: number, message: string) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === "") return null;
      const trimmed = text.trim();
      const number = /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
      if (!(number >= min && number <= max)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    });
}

/** A wall-clock time typed in a `datetime-local` field (the creator's time zone), or "". */
const localDateTime = optionalLocalDateTimeField(DATE_INVALID_MESSAGE);

/**
 * The discount code form for a store in `currency`, giving minor units and wall-clock times, with every rule reported
 * on its own field.
 */
export function discountCodeSchema(currency: Currency) {
  return z
    .object({
      code: z
        .string({ error: CODE_REQUIRED_MESSAGE })
        .trim()
        .min(1, CODE_REQUIRED_MESSAGE)
        .min(CODE_MIN, CODE_LENGTH_MESSAGE)
        .max(CODE_MAX, CODE_LENGTH_MESSAGE)
        .regex(CODE_PATTERN, CODE_CHARACTERS_MESSAGE),
      kind: z.enum(values(DISCOUNT_KINDS), { error: KIND_MESSAGE }),
      percentOff: wholeNumberField(1, 100, PERCENT_MESSAGE),
      amountOff: amountField(currency, AMOUNT_INVALID_MESSAGE),
      appliesTo: z.enum(values(DISCOUNT_SCOPES), { error: SCOPE_MESSAGE }),
      productIds: z.preprocess(
        (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
        z
          .array(z.string().regex(UUID_PATTERN, PRODUCTS_INVALID_MESSAGE), { error: PRODUCTS_INVALID_MESSAGE })
          .max(1_000, PRODUCTS_INVALID_MESSAGE),
      ),
      startsAt: localDateTime,
      endsAt: localDateTime,
      maxRedemptions: wholeNumberField(1, MAX_REDEMPTIONS_LIMIT, MAX_REDEMPTIONS_MESSAGE),
      minAmount: amountField(currency, AMOUNT_INVALID_MESSAGE),
    })
    .superRefine(
      (value, ctx) => {
        // Runs while other fields are invalid too; a field whose own parsing failed is left to its own message.
        if (value.kind === "percent" && value.percentOff === null)
          ctx.addIssue({ code: "custom", path: ["percentOff"], message: PERCENT_MESSAGE });
        if (value.kind === "fixed") {
          if (value.amountOff === null)
            ctx.addIssue({ code: "custom", path: ["amountOff"], message: AMOUNT_OFF_REQUIRED_MESSAGE });
          else if (value.amountOff === 0)
            ctx.addIssue({ code: "custom", path: ["amountOff"], message: AMOUNT_OFF_TOO_SMALL_MESSAGE });
        }
        if (value.appliesTo === "selected" && Array.isArray(value.productIds) && value.productIds.length === 0)
          ctx.addIssue({ code: "custom", path: ["productIds"], message: PRODUCTS_REQUIRED_MESSAGE });
        const { startsAt, endsAt } = value;
        // Both are wall-clock times of the same zone in one fixed format: their text order is their time order.
        if (
          typeof startsAt === "string" &&
          typeof endsAt === "string" &&
          isLocalDateTime(startsAt) &&
          isLocalDateTime(endsAt) &&
          endsAt.slice(0, 16) <= startsAt.slice(0, 16)
        )
          ctx.addIssue({ code: "custom", path: ["endsAt"], message: END_BEFORE_START_MESSAGE });
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    );
}

export type DiscountCodeFormOutput = z.output<ReturnType<typeof discountCodeSchema>>;

/** A saved code as the form's starting values: amounts as typed, times in the creator's zone. */
export type DiscountCodeFormValues = {
  code: string;
  kind: string;
  percentOff: string;
  amountOff: string;
  appliesTo: string;
  productIds: string[];
  startsAt: string;
  endsAt: string;
  maxRedemptions: string;
  minAmount: string;
};

export const EMPTY_DISCOUNT_FORM: DiscountCodeFormValues = {
  code: "",
  kind: "percent",
  percentOff: "",
  amountOff: "",
  appliesTo: "all",
  productIds: [],
  startsAt: "",
  endsAt: "",
  maxRedemptions: "",
  minAmount: "",
};

/** What is stored from a valid form: times in UTC from the creator's `timeZone`, and the fixed amount's currency. */
export type DiscountInput = {
  code: string;
  kind: "percent" | "fixed";
  percentOff: number | null;
  amountOffCents: number | null;
  currency: Currency | null;
  appliesTo: "all" | "selected";
  productIds: string[];
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  minAmountCents: number | null;
};

export function toDiscountInput(value: DiscountCodeFormOutput, currency: Currency, timeZone: string): DiscountInput {
  const fixed = value.kind === "fixed";
  return {
    code: value.code,
    kind: value.kind,
    percentOff: fixed ? null : value.percentOff,
    amountOffCents: fixed ? value.amountOff : null,
    currency: fixed ? currency : null,
    appliesTo: value.appliesTo,
    productIds: value.appliesTo === "selected" ? [...new Set(value.productIds)] : [],
    startsAt: value.startsAt ? zonedLocalToUtc(value.startsAt, timeZone) : null,
    endsAt: value.endsAt ? zonedLocalToUtc(value.endsAt, timeZone) : null,
    maxRedemptions: value.maxRedemptions,
    minAmountCents: value.minAmount,
  };
}
