import { getInputProps } from "@conform-to/react";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { AnyField } from "~/lib/any-field";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Field = AnyField;

/** First and last name side by side from `sm` up (registration step 1 and settings). */
export function NameFields({ firstName, lastName }: { firstName: Field; lastName: Field }) {
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <FormField id={firstName.id} label="First name" errors={firstName.errors}>
        {(control) => <Input {...getInputProps(firstName, { type: "text" })} {...control} autoComplete="given-name" />}
      </FormField>
      <FormField id={lastName.id} label="Last name" errors={lastName.errors}>
        {(control) => <Input {...getInputProps(lastName, { type: "text" })} {...control} autoComplete="family-name" />}
      </FormField>
    </div>
  );
}
