import { getInputProps } from "@conform-to/react";
import { useState } from "react";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { AVATAR_TYPES } from "~/domains/workspace/schemas/business-profile";
import type { AnyField } from "~/lib/any-field";

/**
 * A profile-picture file input with a preview of the chosen image. `saved` is the current picture of a form that
 * edits one (null: none yet), shown until another is chosen; leave it out where there is none to edit (registration).
 */
export function ProfilePictureField({
  field,
  label,
  saved,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  field: AnyField;
  label: string;
  saved?: string | null;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const shown = preview ?? saved;
  const previewAlt = saved === undefined ? "Profile picture preview" : "New profile picture preview";
  return (
    <FormField id={field.id} label={label} errors={field.errors} hint="PNG, JPEG, WebP or GIF, up to 2 MB">
      {(control) => (
        <div className="flex flex-wrap items-center gap-3">
          {shown ? (
            <img
              src={shown}
              alt={preview ? previewAlt : "Your profile picture"}
              className="size-14 rounded-full object-cover"
            />
          ) : null}
          <Input
            {...getInputProps(field, { type: "file" })}
            {...control}
            className="min-w-0 flex-1"
            accept={AVATAR_TYPES.join(",")}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              setPreview((old) => {
                if (old) URL.revokeObjectURL(old);
                return file?.type.startsWith("image/") ? URL.createObjectURL(file) : null;
              });
            }}
          />
        </div>
      )}
    </FormField>
  );
}
