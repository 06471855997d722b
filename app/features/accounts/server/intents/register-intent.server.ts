import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { registerSchema } from "~/features/accounts/schemas/register";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { accountFailureFieldErrors, createAccount } from "../create-account.server";
import { statusOf } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";

/** Register step 1: creates the account, mails the verification link and moves to step 1.5. */
export async function registerIntent(services: AppServices, ctx: RequestContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: registerSchema });
  if (submission.status !== "success") {
    return data(
      {
        intent: "register" as const,
        result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
        failure: null,
      },
      { status: 400 },
    );
  }
  const { firstName, lastName, email, dateOfBirth, password, captcha } = submission.value;
  const result = await createAccount(services, ctx, {
    email,
    password,
    firstName,
    lastName,
    dateOfBirth,
    captcha,
    callbackURL: "/auth?tab=register&step=2&verified=true",
  });
  if (!result.ok) {
    const fieldErrors = accountFailureFieldErrors(result);
    return data(
      {
        intent: "register" as const,
        result: submission.reply({ fieldErrors, hideFields: ["password", "confirmPassword"] }),
        failure: { title: "Registration failed", description: result.message },
      },
      { status: statusOf(result.code) },
    );
  }
  return redirectWithToast("/auth?tab=register&step=1.5", {
    type: "success",
    title: "Registration successful!",
    description: "Please check your email to verify your account.",
  });
}
