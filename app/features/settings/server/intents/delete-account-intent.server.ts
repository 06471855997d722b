import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { deleteAccountSchema } from "~/features/settings/schemas/settings-delete-account";
import type { CurrentUser } from "~/kernel/session/get-current-user.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { deleteAccount } from "../delete-account.server";
import { formErrorsOf, statusOf } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";

/** `intent=delete-account`: confirmation and re-authentication, then the account goes. */
export async function deleteAccountIntent(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: deleteAccountSchema });
  const hide = { hideFields: ["currentPassword"] };
  if (submission.status !== "success")
    return data({ intent: "delete-account" as const, result: submission.reply(hide) }, { status: 400 });
  const result = await deleteAccount(services, ctx, user, submission.value);
  if (!result.ok) {
    const reply = submission.reply({ ...hide, ...formErrorsOf(result) });
    const status = statusOf(result.code);
    return data({ intent: "delete-account" as const, result: reply }, { status });
  }
  return redirectWithToast(
    "/",
    { type: "success", title: "Your account was deleted", description: "We're sorry to see you go." },
    { headers: result.headers },
  );
}
