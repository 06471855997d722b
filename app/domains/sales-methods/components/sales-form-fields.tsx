import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import type { SalesOption } from "~/domains/sales-methods/content/sales-options";
import type { AnyField } from "~/lib/any-field";
import { useIsPending } from "~/lib/use-is-pending";

// Conform's field metadata is generic over each field's own type; these components accept any of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Field = AnyField;

/** A labelled one-line input, or a textarea with `rows`. */
export function TextField({
  field,
  label,
  hint,
  type = "text",
  rows,
  autoComplete,
  placeholder,
}: {
  field: Field;
  label: string;
  hint?: ReactNode;
  type?: "text" | "url";
  rows?: number;
  autoComplete?: string;
  placeholder?: string;
}) {
  return (
    <FormField id={field.id} label={label} errors={field.errors} hint={hint}>
      {(control) =>
        rows ? (
          <Textarea {...getTextareaProps(field)} {...control} rows={rows} placeholder={placeholder} />
        ) : (
          <Input
            {...getInputProps(field, { type })}
            {...control}
            autoComplete={autoComplete}
            placeholder={placeholder}
          />
        )
      }
    </FormField>
  );
}

/** A hand-made request may repeat a field: a single select starts from its first value. */
function oneValue<T extends { defaultValue?: unknown }>(props: T): T {
  return Array.isArray(props.defaultValue) ? { ...props, defaultValue: props.defaultValue[0] } : props;
}

/** A labelled select of an option list; `placeholder` adds an empty first choice, `disabled` values stay unpickable. */
export function SelectField({
  field,
  label,
  options,
  placeholder,
  hint,
  disabled = [],
}: {
  field: Field;
  label: string;
  options: readonly SalesOption[];
  placeholder?: string;
  hint?: ReactNode;
  disabled?: readonly string[];
}) {
  return (
    <FormField id={field.id} label={label} errors={field.errors} hint={hint}>
      {(control) => (
        <select
          {...oneValue(getSelectProps(field))}
          {...control}
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-base sm:text-sm aria-[invalid=true]:border-destructive"
        >
          {placeholder ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={disabled.includes(option.value)}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The submit button of a sales-method form: 'Saving...' while the save is under way. */
export function SaveButton({ children }: { children: ReactNode }) {
  const busy = useIsPending({ intent: "save", state: "submitting" });
  return (
    <Button type="submit" name="intent" value="save" className="w-full sm:w-auto" disabled={busy}>
      {busy ? "Saving..." : children}
    </Button>
  );
}
