import { z } from "zod";
import { CONNECTABLE_PROVIDERS } from "~/domains/payments/content/providers";

/** The connection page's buttons: start or resume onboarding at a provider, or ask it for the account's status. */
export const providerConnectionSchema = z.object({
  intent: z.enum(["connect", "refresh"]),
  provider: z.enum(CONNECTABLE_PROVIDERS),
});
