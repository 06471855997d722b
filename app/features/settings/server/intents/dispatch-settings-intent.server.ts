import type { CurrentUser } from "~/kernel/session/get-current-user.server";
import { pickIntent, unknownIntent } from "~/server/http/pick-intent.server";
import type { AppServices } from "~/server/services.server";
import { businessProfileIntent } from "./business-profile-intent.server";
import { changeEmailIntent } from "./change-email-intent.server";
import { changePasswordIntent } from "./change-password-intent.server";
import { deleteAccountIntent } from "./delete-account-intent.server";
import { personalProfileIntent } from "./personal-profile-intent.server";
import { timeZoneIntent } from "./time-zone-intent.server";
import type { RequestContext } from "~/server/http/request-context.server";

const INTENTS = {
  "personal-profile": personalProfileIntent,
  "business-profile": businessProfileIntent,
  "change-email": changeEmailIntent,
  "change-password": changePasswordIntent,
  "delete-account": deleteAccountIntent,
  "time-zone": timeZoneIntent,
} as const;

export type SettingsIntent = keyof typeof INTENTS;

/** Runs the settings form named by `intent` for the session's user; no form field can name another account. */
export async function dispatchSettingsIntent(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  formData: FormData,
) {
  const handler = pickIntent(INTENTS, formData);
  return handler ? handler(services, ctx, user, formData) : unknownIntent();
}
