import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { personalProfileSchema } from "~/features/settings/schemas/settings-personal-profile";
import type { CurrentUser } from "~/kernel/session/get-current-user.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { updatePersonalProfile } from "../update-personal-profile.server";
import type { RequestContext } from "~/server/http/request-context.server";

/** `intent=personal-profile`: names and picture of the signed-in creator. */
export async function personalProfileIntent(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: personalProfileSchema });
  if (submission.status !== "success")
    return data({ intent: "personal-profile" as const, result: submission.reply() }, { status: 400 });
  const saved = await updatePersonalProfile(services, user.id, submission.value, ctx.meta);
  if (!saved.ok)
    return data(
      { intent: "personal-profile" as const, result: submission.reply({ fieldErrors: { avatar: [saved.message] } }) },
      { status: 400 },
    );
  return redirectWithToast("/settings", { type: "success", title: "Profile updated" });
}
