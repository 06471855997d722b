import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/input";
import { useIsPending } from "~/lib/use-is-pending";
import { useSchemaForm } from "~/lib/use-schema-form";
import { billingCancelSchema } from "~/pages/settings/schemas/settings-billing-cancel";

/** Cancel at the period's end: a required reason, then the plan stays in force until `endsOn`. */
export function BillingCancelForm({
  endsOn,
  lastResult,
  error,
}: {
  endsOn: string | null;
  lastResult?: SubmissionResult<string[]> | null;
  error?: string;
}) {
  const busy = useIsPending({ intent: "cancel" });
  const [form, fields] = useSchemaForm("billing-cancel-form", billingCancelSchema, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1">
      <input type="hidden" name="intent" value="cancel" />
      <p className="mb-2 text-sm text-muted-foreground">
        {endsOn
          ? `Your plan stays in force until ${endsOn}; after that Starter's rules apply and everything you made is kept.`
          : "Your plan stays in force until the end of this period; after that Starter's rules apply."}
      </p>
      <FormField id={fields.reason.id} label="Why are you cancelling?" errors={fields.reason.errors}>
        {(control) => <Textarea {...getTextareaProps(fields.reason)} {...control} rows={3} />}
      </FormField>
      <FormAlert message={error ?? form.errors?.[0]} />
      <div>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Cancelling..." : "Cancel at period end"}
        </Button>
      </div>
    </Form>
  );
}
