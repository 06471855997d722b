import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { settingsBusinessProfileSchema } from "~/features/settings/schemas/settings-business-profile";
import type { CurrentUser } from "~/kernel/session/get-current-user.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { updateBusinessProfile } from "../update-business-profile.server";
import type { RequestContext } from "~/server/http/request-context.server";

export const NO_BUSINESS_PROFILE_MESSAGE = "Please complete your business profile first";

/** `intent=business-profile`: every field of register step 2 except the terms and the picture. */
export async function businessProfileIntent(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: settingsBusinessProfileSchema });
  if (submission.status !== "success")
    return data({ intent: "business-profile" as const, result: submission.reply() }, { status: 400 });
  const saved = await updateBusinessProfile(services, user.id, submission.value, ctx.meta);
  if (!saved.ok)
    return data(
      { intent: "business-profile" as const, result: submission.reply({ formErrors: [NO_BUSINESS_PROFILE_MESSAGE] }) },
      { status: 409 },
    );
  return redirectWithToast("/settings", { type: "success", title: "Business profile updated" });
}
