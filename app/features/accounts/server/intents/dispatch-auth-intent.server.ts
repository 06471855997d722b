import { pickIntent, unknownIntent } from "~/server/http/pick-intent.server";
import type { AppServices } from "~/server/services.server";
import { businessProfileIntent } from "./business-profile-intent.server";
import { magicLinkIntent } from "./magic-link-intent.server";
import { oauthIntent } from "./oauth-intent.server";
import { registerIntent } from "./register-intent.server";
import { signInIntent } from "./sign-in-intent.server";
import type { RequestContext } from "~/server/http/request-context.server";

const INTENTS = {
  "sign-in": signInIntent,
  oauth: oauthIntent,
  "magic-link": magicLinkIntent,
  register: registerIntent,
  "business-profile": businessProfileIntent,
} as const;

export type AuthIntent = keyof typeof INTENTS;

/** Runs the form's `intent` if the page allows it, since one page holds several forms. */
export async function dispatchAuthIntent(
  services: AppServices,
  ctx: RequestContext,
  formData: FormData,
  allowed: readonly AuthIntent[],
) {
  const handler = pickIntent(INTENTS, formData, allowed);
  return handler ? handler(services, ctx, formData) : unknownIntent();
}
