import type { z } from "zod";
import { businessProfileFields, phoneFitsE164 } from "~/domains/workspace/schemas/business-profile";

/** Settings → Business profile: register step 2's fields and rules, without the terms and the picture. */
export const settingsBusinessProfileSchema = phoneFitsE164(
  businessProfileFields.omit({ termsAccepted: true, profilePicture: true }),
);

export type SettingsBusinessProfileInput = z.infer<typeof settingsBusinessProfileSchema>;
