import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { changePasswordSchema } from "~/features/settings/schemas/settings-password";
import type { CurrentUser } from "~/features/accounts/server/get-current-user.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { changePassword } from "../change-password.server";

/** `intent=change-password`: current password, new password (registration rules), confirmation. */
export async function changePasswordIntent(services: AppServices, request: Request, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  const hide = { hideFields: ["currentPassword", "password", "confirmPassword"] };
  if (submission.status !== "success") return data({ intent: "change-password" as const, result: submission.reply(hide) }, { status: 400 });
  const result = await changePassword(services, request, user, submission.value);
  if (!result.ok) {
    const field = result.reason === "wrong" || result.reason === "missing" ? "currentPassword" : result.reason === "common_password" ? "password" : null;
    const reply = field
      ? submission.reply({ ...hide, fieldErrors: { [field]: [result.message] } })
      : submission.reply({ ...hide, formErrors: [result.message] });
    const status = result.reason === "rate_limited" ? 429 : result.reason === "stale_session" ? 403 : 400;
    return data({ intent: "change-password" as const, result: reply }, { status });
  }
  return redirectWithToast("/settings", { type: "success", title: "Password changed. Other sessions were signed out." }, { headers: result.headers });
}
