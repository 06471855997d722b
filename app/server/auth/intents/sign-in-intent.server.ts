import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { signInSchema } from "~/schemas/sign-in";
import type { AppServices } from "../../services";
import { redirectWithToast } from "../../toast/toast-cookie.server";
import { safeRedirectPath } from "../safe-redirect";
import { signIn } from "../sign-in.server";

/** `intent=sign-in`: validates, signs in, and returns to `redirectTo` (same-origin only) with 'Welcome back!'. */
export async function signInIntent(services: AppServices, request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") return data({ intent: "sign-in" as const, result: submission.reply() }, { status: 400 });
  const result = await signIn(services, request, submission.value);
  if (!result.ok) {
    return data(
      { intent: "sign-in" as const, result: submission.reply({ formErrors: [result.message], hideFields: ["password"] }), unverified: result.reason === "unverified" },
      { status: result.reason === "rate_limited" ? 429 : 400 },
    );
  }
  return redirectWithToast(safeRedirectPath(submission.value.redirectTo), { type: "success", title: "Welcome back!" }, { headers: result.headers });
}
