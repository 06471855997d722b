import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { changeEmailSchema } from "~/features/settings/schemas/settings-email";
import type { CurrentUser } from "~/kernel/session/get-current-user.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { requestEmailChange } from "../request-email-change.server";
import { formErrorsOf, statusOf } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";

/** `intent=change-email`: re-authenticates, then mails the confirmation link to the new address. */
export async function changeEmailIntent(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: changeEmailSchema });
  const hide = { hideFields: ["currentPassword"] };
  if (submission.status !== "success")
    return data({ intent: "change-email" as const, result: submission.reply(hide) }, { status: 400 });
  const result = await requestEmailChange(services, ctx, user, submission.value);
  if (!result.ok) {
    const reply = submission.reply({ ...hide, ...formErrorsOf(result) });
    const status = statusOf(result.code);
    return data({ intent: "change-email" as const, result: reply }, { status });
  }
  return redirectWithToast("/settings", {
    type: "success",
    title: "Check your new inbox to confirm your email change",
    description: "Your email stays the same until you open the link we sent.",
  });
}
