import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { businessProfileSchema } from "~/features/workspace/schemas/business-profile";
import { saveBusinessProfile } from "~/features/workspace/server/save-business-profile.server";
import type { AppServices } from "~/server/services.server";
import { getCurrentUser } from "~/kernel/session/get-current-user.server";
import type { RequestContext } from "~/server/http/request-context.server";

/** Register step 2: the business profile of the signed-in, verified creator. */
export async function businessProfileIntent(services: AppServices, ctx: RequestContext, formData: FormData) {
  const user = await getCurrentUser(services, ctx);
  if (!user)
    return data(
      {
        intent: "business-profile" as const,
        result: null,
        completed: false,
        failure: { title: "Please sign in to continue" },
      },
      { status: 401 },
    );
  if (!user.emailVerified) {
    return data(
      {
        intent: "business-profile" as const,
        result: null,
        completed: false,
        failure: { title: "Please complete email verification first" },
      },
      { status: 403 },
    );
  }
  const submission = parseWithZod(formData, { schema: businessProfileSchema });
  if (submission.status !== "success")
    return data(
      { intent: "business-profile" as const, result: submission.reply(), completed: false, failure: null },
      { status: 400 },
    );
  try {
    const saved = await saveBusinessProfile(services.db, user.id, submission.value);
    if (!saved.ok) {
      return data(
        {
          intent: "business-profile" as const,
          result: submission.reply({ fieldErrors: { profilePicture: [saved.message] } }),
          completed: false,
          failure: null,
        },
        { status: 400 },
      );
    }
  } catch (error) {
    services.logger.error({ err: error }, "business profile not saved");
    return data(
      {
        intent: "business-profile" as const,
        result: submission.reply(),
        completed: false,
        failure: { title: "Failed to complete registration", description: "Please try again" },
      },
      { status: 503 },
    );
  }
  return { intent: "business-profile" as const, result: submission.reply(), completed: true, failure: null };
}
