import { getFormProps, getInputProps } from "@conform-to/react";
import { Check, Copy, Download, KeyRound, ShieldCheck } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { backupCodesFileName } from "~/domains/security/security-format";
import { showToast } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useIsPending } from "~/lib/use-is-pending";
import {
  digitsOnly,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  TWO_FACTOR_CODE_LENGTH,
  verifyTwoFactorSetupSchema,
} from "~/domains/security/schemas/two-factor";
import type { SubmissionResult } from "@conform-to/react";

type Setup = { secret: string; qrCodeUrl: string; otpauthUrl: string };
type Result = SubmissionResult<string[]> | undefined;

export type TwoFactorActionData = {
  enable?: { result: Result; setup: Setup | null };
  verify?: { result: Result; backupCodes: string[] | null };
  disable?: { result: Result; disabled: boolean };
};

/** Password re-entry before a 2FA change (accounts without a password re-authenticate by a fresh sign-in). */
function PasswordField({
  field,
  hasPassword,
}: {
  field: ReturnType<typeof useSchemaForm>[1]["password"];
  hasPassword: boolean;
}) {
  if (!hasPassword)
    return (
      <p className="text-sm text-muted-foreground">
        Your account has no password: a sign-in in the last 10 minutes confirms it is you.
      </p>
    );
  return (
    <FormField id={field.id} label="Current password" errors={field.errors}>
      {(control) => (
        <Input {...getInputProps(field, { type: "password" })} {...control} autoComplete="current-password" />
      )}
    </FormField>
  );
}

function EnableForm({ hasPassword, result }: { hasPassword: boolean; result: Result }) {
  const busy = useIsPending({ intent: "enable-2fa" });
  const [form, fields] = useSchemaForm("enable-2fa", enableTwoFactorSchema, result);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="enable-2fa" />
      <PasswordField field={fields.password} hasPassword={hasPassword} />
      <Button type="submit" disabled={busy} className="justify-self-start">
        <KeyRound aria-hidden="true" /> {busy ? "Starting..." : "Enable 2FA"}
      </Button>
    </Form>
  );
}

/** Step 1: QR code (size 200), the manual key and the first code; Verify only at exactly six digits. */
function SetupStep({ setup, result }: { setup: Setup; result: Result }) {
  const busy = useIsPending({ intent: "verify-2fa" });
  const [code, setCode] = useState("");
  const [form, fields] = useSchemaForm("verify-2fa", verifyTwoFactorSetupSchema, result);
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Scan the QR code with your authenticator app, or type the key below, then enter the 6-digit code it shows.
      </p>
      <div className="flex flex-wrap items-start gap-6">
        <img
          src={setup.qrCodeUrl}
          width={200}
          height={200}
          alt="QR code for your authenticator app"
          className="rounded-md border bg-white p-2"
        />
        <div className="grid min-w-0 flex-1 gap-2">
          <p className="text-sm font-medium" id="manual-key-label">
            Manual entry key
          </p>
          <code
            role="note"
            aria-labelledby="manual-key-label"
            data-testid="manual-key"
            className="break-all rounded-md bg-muted px-3 py-2 font-mono text-sm tracking-wider"
          >
            {setup.secret}
          </code>
        </div>
      </div>
      <Form method="post" {...getFormProps(form)} className="grid gap-3">
        <input type="hidden" name="intent" value="verify-2fa" />
        <FormField id={fields.code.id} label="6-digit code" errors={fields.code.errors}>
          {(control) => (
            <Input
              {...getInputProps(fields.code, { type: "text" })}
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={TWO_FACTOR_CODE_LENGTH}
              value={code}
              onChange={(event) => setCode(digitsOnly(event.currentTarget.value))}
            />
          )}
        </FormField>
        <Button type="submit" disabled={busy || code.length !== TWO_FACTOR_CODE_LENGTH} className="justify-self-start">
          {busy ? "Verifying..." : "Verify"}
        </Button>
      </Form>
    </div>
  );
}

/** Step 2: the backup codes, shown once: Copy Codes, Download, "I've Saved My Backup Codes". */
function BackupStep({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const text = codes.join("\n");
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Save these backup codes somewhere safe. Each one signs you in once if you lose your phone. They will not be
        shown again.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-md bg-muted p-4 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => showToast({ type: "success", title: "Backup codes copied to clipboard" }),
              () =>
                showToast({
                  type: "error",
                  title: "Could not copy the codes",
                  description: "Select them and copy them by hand.",
                }),
            )
          }
        >
          <Copy aria-hidden="true" /> Copy Codes
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            const link = document.createElement("a");
            link.href = URL.createObjectURL(new Blob([`Sellkit backup codes\n\n${text}\n`], { type: "text/plain" }));
            link.download = backupCodesFileName();
            link.click();
            URL.revokeObjectURL(link.href);
            showToast({ type: "success", title: "Backup codes downloaded" });
          }}
        >
          <Download aria-hidden="true" /> Download
        </Button>
        <Button onClick={onSaved}>
          <Check aria-hidden="true" /> I've Saved My Backup Codes
        </Button>
      </div>
    </div>
  );
}

function EnabledState({
  hasPassword,
  result,
  backupCodesLeft,
}: {
  hasPassword: boolean;
  result: Result;
  backupCodesLeft: number;
}) {
  const busy = useIsPending({ intent: "disable-2fa" });
  const [form, fields] = useSchemaForm("disable-2fa", disableTwoFactorSchema, result);
  return (
    <div className="grid gap-4">
      <p className="flex items-center gap-2 font-medium text-success">
        <ShieldCheck aria-hidden="true" className="size-5" /> 2FA is enabled
      </p>
      <p className="text-sm text-muted-foreground">{`Every sign-in asks for a code from your authenticator app. ${backupCodesLeft} backup codes left.`}</p>
      <Form method="post" {...getFormProps(form)} className="grid gap-3">
        <input type="hidden" name="intent" value="disable-2fa" />
        <PasswordField field={fields.password} hasPassword={hasPassword} />
        <Button type="submit" variant="destructive" disabled={busy} className="justify-self-start">
          {busy ? "Disabling..." : "Disable"}
        </Button>
      </Form>
    </div>
  );
}

/** The two-factor card: disabled → setup → backup codes → enabled, and Disable back. */
export function TwoFactorCard({
  enabled,
  backupCodesLeft,
  hasPassword,
  action,
}: {
  enabled: boolean;
  backupCodesLeft: number;
  hasPassword: boolean;
  action: TwoFactorActionData;
}) {
  const [savedCodes, setSavedCodes] = useState<string[] | null>(null);
  const codes = action.verify?.backupCodes ?? null;
  // A refused Verify (a wrong code, or the server failing) stays on step 1 with the same secret.
  const [lastSetup, setLastSetup] = useState<Setup | null>(null);
  if (action.enable?.setup && action.enable.setup !== lastSetup) setLastSetup(action.enable.setup);
  const setup = action.enable?.setup ?? (action.verify ? lastSetup : null);
  useEffect(() => {
    if (action.disable?.disabled) showToast({ type: "success", title: "2FA has been disabled" });
  }, [action.disable]);
  useEffect(() => {
    if (action.enable && !action.enable.setup && action.enable.result?.error && !action.enable.result.error.password)
      showToast({ type: "error", title: "Failed to start 2FA setup" });
  }, [action.enable]);

  let body: ReactNode;
  if (codes && savedCodes !== codes) {
    body = (
      <BackupStep
        codes={codes}
        onSaved={() => {
          setSavedCodes(codes);
          showToast({ type: "success", title: "2FA has been enabled with maximum security!" });
        }}
      />
    );
  } else if (enabled) {
    body = <EnabledState hasPassword={hasPassword} result={action.disable?.result} backupCodesLeft={backupCodesLeft} />;
  } else if (setup) {
    body = <SetupStep setup={setup} result={action.verify?.result} />;
  } else {
    body = <EnableForm hasPassword={hasPassword} result={action.enable?.result} />;
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          Two-factor authentication <Badge variant={enabled ? "success" : "secondary"}>{enabled ? "On" : "Off"}</Badge>
        </CardTitle>
        <CardDescription>
          A code from your phone at every sign-in — with a password, a magic link or Google.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
