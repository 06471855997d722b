import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { deleteAccountSchema } from "~/features/settings/schemas/settings-delete-account";
import type { CurrentUser } from "~/features/accounts/server/get-current-user.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { deleteAccount } from "../delete-account.server";

/** `intent=delete-account`: confirmation + re-authentication, then everything of the creator goes; / with a toast. */
export async function deleteAccountIntent(services: AppServices, request: Request, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: deleteAccountSchema });
  const hide = { hideFields: ["currentPassword"] };
  if (submission.status !== "success") return data({ intent: "delete-account" as const, result: submission.reply(hide) }, { status: 400 });
  const result = await deleteAccount(services, request, user, submission.value);
  if (!result.ok) {
    const field = result.reason === "confirmation" ? result.field : result.reason === "wrong" || result.reason === "missing" ? "currentPassword" : null;
    const reply = field
      ? submission.reply({ ...hide, fieldErrors: { [field]: [result.message] } })
      : submission.reply({ ...hide, formErrors: [result.message] });
    const status = result.reason === "rate_limited" ? 429 : result.reason === "stale_session" ? 403 : result.reason === "failed" ? 503 : 400;
    return data({ intent: "delete-account" as const, result: reply }, { status });
  }
  return redirectWithToast("/", { type: "success", title: "Your account was deleted", description: "We're sorry to see you go." }, { headers: result.headers });
}
