import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { useSchemaForm } from "~/lib/use-schema-form";
import { LOST_LINK_PATH } from "../content/delivery-rules";
import { lostLinkSchema } from "../schemas/lost-link";

/** The lost-link form, posted to /purchases; it works without script on the invalid-link page too. */
export function LostLinkForm({
  lastResult,
  busy = false,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  busy?: boolean;
}) {
  const [form, fields] = useSchemaForm("lost-link", lostLinkSchema, lastResult);
  return (
    <Form method="post" action={LOST_LINK_PATH} {...getFormProps(form)} className="grid gap-1">
      <FormField id={fields.email.id} label="Email used for the purchase" errors={fields.email.errors}>
        {(control) => <Input {...getInputProps(fields.email, { type: "email" })} {...control} autoComplete="email" />}
      </FormField>
      <FormAlert message={form.errors?.[0]} />
      <Button type="submit" className="mt-1 justify-self-start" disabled={busy}>
        {busy ? "Sending..." : "Send me new links"}
      </Button>
    </Form>
  );
}
