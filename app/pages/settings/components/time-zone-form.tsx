import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { timeZoneSchema } from "~/pages/settings/schemas/settings-time-zone";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useIsPending } from "~/lib/use-is-pending";

const SELECT =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-base sm:text-sm aria-[invalid=true]:border-destructive";

/** The creator's time zone for analytics days; the list comes from the server so hydration matches. */
export function TimeZoneForm({
  timeZone,
  browserTimeZone,
  zones,
  lastResult,
}: {
  timeZone: string | null;
  browserTimeZone: string;
  zones: string[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const busy = useIsPending({ intent: "time-zone" });
  const [form, fields] = useSchemaForm("time-zone-form", timeZoneSchema, lastResult, { timeZone: timeZone ?? "" });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1">
      <input type="hidden" name="intent" value="time-zone" />
      <FormField
        id={fields.timeZone.id}
        label="Time zone"
        errors={fields.timeZone.errors}
        hint="Analytics count sales and visits by calendar day in this zone, daylight saving included."
      >
        {(control) => (
          <select {...getSelectProps(fields.timeZone)} {...control} className={SELECT}>
            <option value="">{`Your browser's time zone (${browserTimeZone})`}</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormAlert message={form.errors?.[0]} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save time zone"}
        </Button>
      </div>
    </Form>
  );
}
