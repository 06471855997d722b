import { z } from "zod";
import { CONTENT_TYPES, SOCIAL_PLATFORMS } from "~/domains/sales-methods/content/sales-options";
import { choices, nameField, optionalText, TARGET_AUDIENCE_MAX } from "./sales-fields";

/** The Setup Social Media Sales form's starting values. */
export const SOCIAL_MEDIA_DEFAULTS = { platforms: [] as string[], contentTypes: [] as string[] };

/** The Setup Social Media Sales form: at least one platform. */
export const socialMediaSchema = z.object({
  businessName: nameField("Business name"),
  description: optionalText("Description"),
  platforms: choices(SOCIAL_PLATFORMS, "Please choose platforms from the list", "Please select at least one platform"),
  contentTypes: choices(CONTENT_TYPES, "Please choose content types from the list"),
  targetAudience: optionalText("Target audience", TARGET_AUDIENCE_MAX),
});

export type SocialMediaSettings = z.output<typeof socialMediaSchema>;
