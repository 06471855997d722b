import type { z } from "zod";
import { businessProfileFields, phoneFitsE164 } from "~/features/workspace/schemas/business-profile";

/**
 * Settings → Business profile: every field of register step 2 with the same rules. The terms were accepted at
 * registration (and stay so: editing never touches `terms_accepted_at`); the picture is edited with the names.
 */
export const settingsBusinessProfileSchema = phoneFitsE164(businessProfileFields.omit({ termsAccepted: true, profilePicture: true }));

export type SettingsBusinessProfileInput = z.infer<typeof settingsBusinessProfileSchema>;
