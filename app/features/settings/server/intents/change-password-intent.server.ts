import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { changePasswordSchema } from "~/features/settings/schemas/settings-password";
import type { CurrentUser } from "~/kernel/session/get-current-user.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { changePassword } from "../change-password.server";
import { formErrorsOf, statusOf } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";

/** `intent=change-password`: current password, new password (registration rules), confirmation. */
export async function changePasswordIntent(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  const hide = { hideFields: ["currentPassword", "password", "confirmPassword"] };
  if (submission.status !== "success")
    return data({ intent: "change-password" as const, result: submission.reply(hide) }, { status: 400 });
  const result = await changePassword(services, ctx, user, submission.value);
  if (!result.ok) {
    const reply = submission.reply({ ...hide, ...formErrorsOf(result) });
    const status = statusOf(result.code);
    return data({ intent: "change-password" as const, result: reply }, { status });
  }
  return redirectWithToast(
    "/settings",
    { type: "success", title: "Password changed. Other sessions were signed out." },
    { headers: result.headers },
  );
}
