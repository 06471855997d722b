import type { CurrentUser } from "~/features/accounts/server/get-current-user.server";
import { pickIntent, unknownIntent } from "~/server/http/pick-intent.server";
import { readFormData } from "~/server/http/read-form-data.server";
import type { AppServices } from "~/server/services.server";
import { businessProfileIntent } from "./business-profile-intent.server";
import { changeEmailIntent } from "./change-email-intent.server";
import { changePasswordIntent } from "./change-password-intent.server";
import { deleteAccountIntent } from "./delete-account-intent.server";
import { personalProfileIntent } from "./personal-profile-intent.server";

const INTENTS = {
  "personal-profile": personalProfileIntent,
  "business-profile": businessProfileIntent,
  "change-email": changeEmailIntent,
  "change-password": changePasswordIntent,
  "delete-account": deleteAccountIntent,
} as const;

export type SettingsIntent = keyof typeof INTENTS;

/**
 * Runs the settings form named by `intent` for the signed-in `user` (GUIDE §3.5). The user always comes from
 * the session: no form field can name another account.
 */
export async function dispatchSettingsIntent(services: AppServices, request: Request, user: CurrentUser) {
  const formData = await readFormData(request);
  const handler = pickIntent(INTENTS, formData);
  return handler ? handler(services, request, user, formData) : unknownIntent();
}
