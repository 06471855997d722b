import type { CurrentUser } from "~/kernel/session/get-current-user.server";
import { pickIntent, unknownIntent } from "~/server/http/pick-intent.server";
import type { AppServices } from "~/server/services.server";
import { cleanupDataIntent, terminateOtherSessionsIntent, terminateSessionIntent } from "./session-intents.server";
import { disableTwoFactorIntent, enableTwoFactorIntent, verifyTwoFactorIntent } from "./two-factor-intents.server";
import type { RequestContext } from "~/server/http/request-context.server";

const INTENTS = {
  "enable-2fa": enableTwoFactorIntent,
  "verify-2fa": verifyTwoFactorIntent,
  "disable-2fa": disableTwoFactorIntent,
  "terminate-session": terminateSessionIntent,
  "terminate-other-sessions": terminateOtherSessionsIntent,
  "cleanup-data": cleanupDataIntent,
} as const;

export type SecurityIntent = keyof typeof INTENTS;

/** Runs the security-settings form named by `intent` for the session's user (never a user named by the form). */
export async function dispatchSecurityIntent(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  formData: FormData,
) {
  const handler = pickIntent(INTENTS, formData);
  return handler ? handler(services, ctx, user, formData) : unknownIntent();
}
