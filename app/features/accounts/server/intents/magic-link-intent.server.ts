import { data } from "react-router";
import { emailField } from "~/lib/form-fields";
import type { AppServices } from "~/server/services.server";
import { sendMagicLink } from "../send-magic-link.server";
import { statusOf } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";

/** `intent=magic-link`: mails a sign-in link; the same answer for every email. */
export async function magicLinkIntent(services: AppServices, ctx: RequestContext, formData: FormData) {
  const email = emailField.safeParse(formData.get("email"));
  if (!email.success)
    return data({ intent: "magic-link" as const, sent: false, error: email.error.issues[0]!.message }, { status: 400 });
  const result = await sendMagicLink(services, ctx, email.data);
  if (!result.ok)
    return data(
      { intent: "magic-link" as const, sent: false, error: result.message },
      { status: statusOf(result.code) },
    );
  return { intent: "magic-link" as const, sent: true, error: undefined };
}
