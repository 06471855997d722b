import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useMemo } from "react";
import { Form } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { ChoiceGroup } from "~/components/ui/choice-group";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { type Currency, parseAmount } from "~/lib/money";
import { type DiscountProductOption, freeBelowMinimumWarnings } from "~/domains/discounts/discount-display";
import { DISCOUNTS_PATH } from "~/domains/discounts/paths";
import {
  CODE_MAX,
  CODE_MIN,
  DISCOUNT_KINDS,
  DISCOUNT_SCOPES,
  type DiscountCodeFormValues,
  discountCodeSchema,
} from "~/domains/discounts/schemas/discount-code";
import type { AnyField } from "~/lib/any-field";
import { showToast, type ToastMessage } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useIsPending } from "~/lib/use-is-pending";

export type DiscountFormAnswer = { result: SubmissionResult<string[]>; toast?: ToastMessage };

/**
 * The discount code form for creating or, with `editingId`, editing a code, validated as typed with the action's
 * schema.
 */
export function DiscountCodeForm({
  editingId,
  currency,
  timeZone,
  products,
  values,
  answer,
}: {
  editingId: string | null;
  currency: Currency;
  timeZone: string;
  products: readonly DiscountProductOption[];
  values: DiscountCodeFormValues;
  answer?: DiscountFormAnswer;
}) {
  const schema = useMemo(() => discountCodeSchema(currency), [currency]);
  useEffect(() => {
    if (answer?.toast) showToast(answer.toast);
  }, [answer]);
  const [form, fields] = useSchemaForm("discount-code-form", schema, answer?.result, values);
  const busy = useIsPending({ intent: "save", state: "submitting" });
  const kind = String(fields.kind.value ?? values.kind);
  const appliesTo = String(fields.appliesTo.value ?? values.appliesTo);
  const chosenIds = fields.productIds.value ?? values.productIds;
  const warnings = freeBelowMinimumWarnings(
    {
      kind,
      amountOffCents: parseAmount(String(fields.amountOff.value ?? values.amountOff)),
      appliesTo,
      productIds: Array.isArray(chosenIds) ? chosenIds.map(String) : chosenIds ? [String(chosenIds)] : [],
    },
    products,
    currency,
  );
  const productChoices = useMemo(
    () =>
      products.map((product) => ({
        value: product.id,
        label: product.name,
        description: product.status === "published" ? undefined : statusNote(product.status),
      })),
    [products],
  );
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1">
      {editingId ? <input type="hidden" name="id" value={editingId} /> : null}
      <FormField
        id={fields.code.id}
        label="Code"
        errors={fields.code.errors}
        hint={`What buyers type at checkout: ${CODE_MIN} to ${CODE_MAX} letters, digits, - or _. Upper and lower case are the same code.`}
      >
        {(control) => (
          <Input
            {...getInputProps(fields.code, { type: "text" })}
            {...control}
            autoComplete="off"
            spellCheck={false}
            className="max-w-sm font-mono"
          />
        )}
      </FormField>
      <ChoiceGroup field={fields.kind} legend="What it takes off" options={DISCOUNT_KINDS} type="radio" />
      {kind === "fixed" ? (
        <>
          <TextInput
            field={fields.amountOff}
            label="Amount off"
            suffix={currency}
            inputMode="decimal"
            hint={`In ${currency}, your store currency.`}
          />
          <FreeBelowMinimumWarning warnings={warnings} />
        </>
      ) : (
        <TextInput field={fields.percentOff} label="Percentage off" suffix="%" inputMode="numeric" />
      )}
      <ChoiceGroup field={fields.appliesTo} legend="Applies to" options={DISCOUNT_SCOPES} type="radio" />
      {appliesTo === "selected" ? (
        productChoices.length ? (
          <ChoiceGroup field={fields.productIds} legend="Products" options={productChoices} type="checkbox" />
        ) : (
          <p className="mb-4 rounded-md border border-dashed p-3 text-sm text-muted-foreground">
            You have no products yet: add one in the Product Manager, or apply the code to all products.
          </p>
        )
      ) : null}
      <div className="grid gap-1 sm:grid-cols-2 sm:gap-4">
        <TextInput
          field={fields.startsAt}
          label="Starts (optional)"
          type="datetime-local"
          hint={`Your time zone: ${timeZone}. Empty: from now.`}
        />
        <TextInput
          field={fields.endsAt}
          label="Ends (optional)"
          type="datetime-local"
          hint={`Your time zone: ${timeZone}. Empty: no end.`}
        />
      </div>
      <div className="grid gap-1 sm:grid-cols-2 sm:gap-4">
        <TextInput
          field={fields.maxRedemptions}
          label="Maximum redemptions (optional)"
          inputMode="numeric"
          hint="Empty: no limit."
        />
        <TextInput
          field={fields.minAmount}
          label="Minimum order amount (optional)"
          suffix={currency}
          inputMode="decimal"
          hint="Below it the code does not apply."
        />
      </div>
      <FormAlert message={form.errors?.[0]} />
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="save" className="w-full sm:w-auto" disabled={busy}>
          {busy ? "Saving..." : editingId ? "Save discount code" : "Create discount code"}
        </Button>
        {editingId ? (
          <ButtonLink to={DISCOUNTS_PATH} variant="outline" className="w-full sm:w-auto">
            Cancel
          </ButtonLink>
        ) : null}
      </div>
    </Form>
  );
}

/** Warns that a fixed amount off can make pay-what-you-want products free. */
export function FreeBelowMinimumWarning({ warnings }: { warnings: readonly string[] }) {
  if (!warnings.length) return null;
  return (
    <div role="status" className="mb-4 grid gap-1 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
      {warnings.map((warning) => (
        <p key={warning}>{warning}</p>
      ))}
    </div>
  );
}

function statusNote(status: string): string {
  return status === "archived" ? "Archived" : status === "draft" ? "Draft" : status;
}

function TextInput({
  field,
  label,
  hint,
  suffix,
  type = "text",
  inputMode,
}: {
  field: AnyField;
  label: string;
  hint?: string;
  suffix?: string;
  type?: "text" | "datetime-local";
  inputMode?: "decimal" | "numeric";
}) {
  return (
    <FormField id={field.id} label={label} errors={field.errors} hint={hint}>
      {(control) => (
        <div className="flex items-center gap-2">
          <Input
            {...getInputProps(field, { type })}
            {...control}
            inputMode={inputMode}
            autoComplete="off"
            className={type === "text" ? "max-w-48" : "max-w-64"}
          />
          {suffix ? <span className="text-sm text-muted-foreground">{suffix}</span> : null}
        </div>
      )}
    </FormField>
  );
}
