import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { NameFields } from "~/domains/workspace/components/name-fields";
import { ProfilePictureField } from "~/domains/workspace/components/profile-picture-field";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useIsPending } from "~/lib/use-is-pending";
import { personalProfileSchema } from "~/pages/settings/schemas/settings-personal-profile";

/** First and last name, and the profile picture (replace or remove). */
export function PersonalProfileForm({
  firstName,
  lastName,
  avatarUrl,
  lastResult,
}: {
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const busy = useIsPending({ intent: "personal-profile" });
  const [form, fields] = useSchemaForm("personal-profile", personalProfileSchema, lastResult, { firstName, lastName });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-1">
      <input type="hidden" name="intent" value="personal-profile" />
      <NameFields firstName={fields.firstName} lastName={fields.lastName} />
      <ProfilePictureField field={fields.avatar} label="Profile picture" saved={avatarUrl} />
      {avatarUrl ? (
        <label className="mb-3 flex items-center gap-2 text-sm">
          <input
            {...getInputProps(fields.removeAvatar, { type: "checkbox" })}
            className="size-4 accent-[var(--color-primary)]"
          />
          Remove my profile picture
        </label>
      ) : null}
      <FormAlert message={form.errors?.[0]} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save profile"}
        </Button>
      </div>
    </Form>
  );
}
