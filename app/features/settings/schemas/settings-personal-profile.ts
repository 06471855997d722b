import { z } from "zod";
import { businessProfileFields } from "~/features/workspace/schemas/business-profile";
import { checkbox } from "~/lib/form-fields";
import { registerSchema } from "~/features/accounts/schemas/register";

/**
 * Settings → Personal profile. The names follow registration's rules (and messages); the picture follows
 * register step 2's (its bytes are checked again on the server).
 */
export const personalProfileSchema = z.object({
  firstName: registerSchema.shape.firstName,
  lastName: registerSchema.shape.lastName,
  avatar: businessProfileFields.shape.profilePicture,
  removeAvatar: checkbox,
});

export type PersonalProfileInput = z.infer<typeof personalProfileSchema>;
