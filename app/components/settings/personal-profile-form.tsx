import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { AVATAR_TYPES } from "~/schemas/business-profile";
import { personalProfileSchema } from "~/schemas/settings-personal-profile";
import { busyFor } from "./settings-section";
import { useSettingsForm } from "./use-settings-form";

/** First and last name, and the profile picture (replace or remove). */
export function PersonalProfileForm({ firstName, lastName, avatarUrl, lastResult }: { firstName: string; lastName: string; avatarUrl: string | null; lastResult?: SubmissionResult<string[]> | null }) {
  const busy = busyFor(useNavigation(), "personal-profile");
  const [preview, setPreview] = useState<string | null>(null);
  const [form, fields] = useSettingsForm("personal-profile", personalProfileSchema, lastResult, { firstName, lastName });
  const shown = preview ?? avatarUrl;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-1">
      <input type="hidden" name="intent" value="personal-profile" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField id={fields.firstName.id} label="First name" errors={fields.firstName.errors}>
          {(control) => <Input {...getInputProps(fields.firstName, { type: "text" })} {...control} autoComplete="given-name" />}
        </FormField>
        <FormField id={fields.lastName.id} label="Last name" errors={fields.lastName.errors}>
          {(control) => <Input {...getInputProps(fields.lastName, { type: "text" })} {...control} autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField id={fields.avatar.id} label="Profile picture" errors={fields.avatar.errors} hint="PNG, JPEG, WebP or GIF, up to 2 MB">
        {(control) => (
          <div className="flex flex-wrap items-center gap-3">
            {shown ? <img src={shown} alt={preview ? "New profile picture preview" : "Your profile picture"} className="size-14 rounded-full object-cover" /> : null}
            <Input
              {...getInputProps(fields.avatar, { type: "file" })}
              {...control}
              className="min-w-0 flex-1"
              accept={AVATAR_TYPES.join(",")}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setPreview((old) => {
                  if (old) URL.revokeObjectURL(old);
                  return file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null;
                });
              }}
            />
          </div>
        )}
      </FormField>
      {avatarUrl ? (
        <label className="mb-3 flex items-center gap-2 text-sm">
          <input {...getInputProps(fields.removeAvatar, { type: "checkbox" })} className="size-4 accent-[var(--color-primary)]" />
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
