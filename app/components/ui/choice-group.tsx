import { getCollectionProps } from "@conform-to/react";
import type { AnyField } from "~/lib/any-field";

export type Choice = { value: string; label: string; description?: string };

/** A fieldset of checkboxes or radio buttons with legend, hint and error, bound to a Conform field. */
export function ChoiceGroup({
  field,
  legend,
  options,
  type = "checkbox",
  hint,
}: {
  // Conform's field metadata is generic over the field's own type; any of them will do.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  field: AnyField;
  legend: string;
  options: readonly Choice[];
  type?: "checkbox" | "radio";
  hint?: string;
}) {
  const errorId = `${field.id}-error`;
  const hintId = `${field.id}-hint`;
  // An unknown value's error sits on its item; show it on the group.
  const error = field.errors?.[0] ?? Object.values(field.allErrors ?? {}).flat()[0];
  const inputs = getCollectionProps(field, { type, options: options.map((option) => option.value) });
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={[hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option, index) => {
          const { key, ...input } = inputs[index]!;
          return (
            <label
              key={key ?? option.value}
              className="flex items-start gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input {...input} className="mt-0.5 size-4 accent-[var(--color-primary)]" />
              <span>
                <span className="font-medium">{option.label}</span>
                {option.description ? (
                  <span className="block text-xs text-muted-foreground">{option.description}</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      <p id={errorId} aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
        {error}
      </p>
    </fieldset>
  );
}
