import { z } from "zod";
import { BUTTON_STYLES, INTEGRATION_METHODS, WEBSITE_PLATFORMS } from "~/domains/sales-methods/content/sales-options";
import { choice, oneLine } from "./sales-fields";

export const BUTTON_TEXT_MAX = 40;
export const WEBSITE_URL_MAX = 2048;
export const WEBSITE_URL_MESSAGE = "Please enter a valid website URL starting with http:// or https://";

/** The Add Buy Button form's starting values: button, 'Buy Now', primary. */
export const EXISTING_WEBSITE_DEFAULTS = {
  integrationMethod: "button",
  buttonText: "Buy Now",
  buttonStyle: "primary",
} as const;

/** The Add Buy Button to Your Website form. */
export const existingWebsiteSchema = z.object({
  websiteUrl: z
    .string({ error: "Please enter your website address" })
    .trim()
    .min(1, "Please enter your website address")
    .max(WEBSITE_URL_MAX, WEBSITE_URL_MESSAGE)
    .pipe(z.url({ protocol: /^https?$/, hostname: /^[^.].*\..+$|^localhost$/, error: WEBSITE_URL_MESSAGE })),
  platform: choice(WEBSITE_PLATFORMS, "Please choose your website platform"),
  integrationMethod: choice(INTEGRATION_METHODS, "Please choose how to add the button").default(
    EXISTING_WEBSITE_DEFAULTS.integrationMethod,
  ),
  buttonText: oneLine(
    z
      .string({ error: "Please enter the button text" })
      .trim()
      .min(1, "Please enter the button text")
      .max(BUTTON_TEXT_MAX, `Button text must be at most ${BUTTON_TEXT_MAX} characters`),
    "Button text must be on one line",
  ),
  buttonStyle: choice(BUTTON_STYLES, "Please choose a button style").default(EXISTING_WEBSITE_DEFAULTS.buttonStyle),
});

export type ExistingWebsiteSettings = z.output<typeof existingWebsiteSchema>;
