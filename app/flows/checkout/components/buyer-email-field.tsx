import { getInputProps } from "@conform-to/react";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { AnyField } from "~/lib/any-field";

/** The buyer's email on a checkout form; `hint` says what is sent there. */
export function BuyerEmailField({ field, hint }: { field: AnyField; hint: string }) {
  return (
    <FormField id={field.id} label="Email" errors={field.errors} hint={hint}>
      {(control) => <Input {...getInputProps(field, { type: "email" })} {...control} autoComplete="email" required />}
    </FormField>
  );
}
