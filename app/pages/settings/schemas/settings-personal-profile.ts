import { z } from "zod";
import { businessProfileFields } from "~/domains/workspace/schemas/business-profile";
import { checkbox } from "~/lib/form-fields";
import { registerSchema } from "~/domains/accounts/schemas/register";

/** Settings → Personal profile, with registration's rules for the names and picture. */
export const personalProfileSchema = z.object({
  firstName: registerSchema.shape.firstName,
  lastName: registerSchema.shape.lastName,
  avatar: businessProfileFields.shape.profilePicture,
  removeAvatar: checkbox,
});

export type PersonalProfileInput = z.infer<typeof personalProfileSchema>;
