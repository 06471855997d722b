import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";
import { NameFields } from "~/domains/workspace/components/name-fields";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { CaptchaConfig } from "~/domains/accounts/captcha-config";
import { useSchemaForm } from "~/lib/use-schema-form";
import { registerSchema } from "~/domains/accounts/schemas/register";
import { CaptchaField, type CaptchaState } from "./captcha-field";
import { NewPasswordFields } from "./new-password-fields";
import { useIsPending } from "~/lib/use-is-pending";

/** Register step 1: the personal information form, with the captcha. */
export function RegisterForm({
  lastResult,
  attempt,
  captchaConfig,
}: {
  lastResult?: SubmissionResult<string[]>;
  attempt?: unknown;
  captchaConfig: CaptchaConfig;
}) {
  const busy = useIsPending({ intent: "register" });
  const [captcha, setCaptcha] = useState<CaptchaState>("unverified");
  const [form, fields] = useSchemaForm("register", registerSchema, lastResult);
  const solved = captcha === "verified";
  const label = busy ? "Sending Verification Email..." : solved ? "Send Verification Email" : "Complete Captcha First";
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1">
      <input type="hidden" name="intent" value="register" />
      <NameFields firstName={fields.firstName} lastName={fields.lastName} />
      <FormField id={fields.email.id} label="Email" errors={fields.email.errors}>
        {(control) => <Input {...getInputProps(fields.email, { type: "email" })} {...control} autoComplete="email" />}
      </FormField>
      <FormField id={fields.dateOfBirth.id} label="Date of birth" errors={fields.dateOfBirth.errors}>
        {(control) => (
          <Input {...getInputProps(fields.dateOfBirth, { type: "date" })} {...control} autoComplete="bday" />
        )}
      </FormField>
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        purpose="create"
        showRules
      />
      <CaptchaField config={captchaConfig} onStateChange={setCaptcha} resetKey={attempt} />
      <p aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
        {fields.captcha.errors?.[0]}
      </p>
      <Button type="submit" className="w-full" disabled={busy || !solved}>
        {label}
      </Button>
    </Form>
  );
}
