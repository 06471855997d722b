import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { CurrentUser } from "~/kernel/session/get-current-user.server";
import { timeZoneSchema } from "~/features/settings/schemas/settings-time-zone";
import type { RequestContext } from "~/server/http/request-context.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { updateTimeZone } from "../update-time-zone.server";

/** `intent=time-zone`: the zone the creator's figures are counted in by day. */
export async function timeZoneIntent(
  services: AppServices,
  _ctx: RequestContext,
  user: CurrentUser,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: timeZoneSchema });
  if (submission.status !== "success")
    return data({ intent: "time-zone" as const, result: submission.reply() }, { status: 400 });
  const zone = submission.value.timeZone || null;
  await updateTimeZone(services.db, user.id, zone);
  return redirectWithToast("/settings", {
    type: "success",
    title: "Time zone saved",
    description: zone ? `Your figures now count days in ${zone}.` : "Your figures now follow your browser's time zone.",
  });
}
