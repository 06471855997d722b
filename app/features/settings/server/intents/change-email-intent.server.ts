import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { changeEmailSchema } from "~/features/settings/schemas/settings-email";
import type { CurrentUser } from "~/features/accounts/server/get-current-user.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { requestEmailChange } from "../request-email-change.server";

/** `intent=change-email`: re-authenticates, then mails the confirmation link to the new address. */
export async function changeEmailIntent(services: AppServices, request: Request, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: changeEmailSchema });
  const hide = { hideFields: ["currentPassword"] };
  if (submission.status !== "success") return data({ intent: "change-email" as const, result: submission.reply(hide) }, { status: 400 });
  const result = await requestEmailChange(services, request, user, submission.value);
  if (!result.ok) {
    const field = result.reason === "same_email" ? "newEmail" : result.reason === "wrong" || result.reason === "missing" ? "currentPassword" : null;
    const reply = field
      ? submission.reply({ ...hide, fieldErrors: { [field]: [result.message] } })
      : submission.reply({ ...hide, formErrors: [result.message] });
    const status = result.reason === "rate_limited" ? 429 : result.reason === "stale_session" ? 403 : result.reason === "failed" ? 503 : 400;
    return data({ intent: "change-email" as const, result: reply }, { status });
  }
  return redirectWithToast("/settings", {
    type: "success",
    title: "Check your new inbox to confirm your email change",
    description: "Your email stays the same until you open the link we sent.",
  });
}
