import type { WEBSITE_PLATFORMS } from "./sales-options";

/** How to paste the code on one website platform: its HTML block, where it is, and what to do if scripts go. */
export type PlatformSteps = {
  /** What the platform calls the block that takes HTML. */
  block: string;
  steps: readonly string[];
  /** What to do when the platform or plan strips the script. */
  withoutScripts: string;
};

const LINK_ONLY = "paste the link-only code instead: the button then opens the checkout page in the same tab.";

/** Paste instructions per website platform of the Buy Button setup form. */
export const PLATFORM_STEPS: Record<(typeof WEBSITE_PLATFORMS)[number]["value"], PlatformSteps> = {
  wordpress: {
    block: "Custom HTML block",
    steps: [
      "Open the page or post in the block editor.",
      "Click + where the button should go and choose the Custom HTML block.",
      "Paste the code and update the page.",
    ],
    withoutScripts: `WordPress.com plans without plugins remove scripts: ${LINK_ONLY}`,
  },
  wix: {
    block: "Embed HTML element (Embed code)",
    steps: [
      "In the Editor click Add Elements, then Embed Code, then Embed HTML.",
      "Choose Code, paste the code and click Update.",
      "Make the element tall enough for the button, then publish.",
    ],
    withoutScripts: `Wix shows embedded HTML in a frame of its own; if the overlay does not open there, ${LINK_ONLY}`,
  },
  squarespace: {
    block: "Code Block",
    steps: [
      "Edit the page, click an insert point and add a Code Block.",
      "Paste the code, keep the mode on HTML, and save.",
    ],
    withoutScripts: `Plans that do not run JavaScript in Code Blocks drop the script: ${LINK_ONLY}`,
  },
  shopify: {
    block: "Custom Liquid section",
    steps: [
      "Go to Online Store, Themes, then Customize.",
      "Add a section, choose Custom Liquid, and paste the code.",
      "Save the theme.",
    ],
    withoutScripts: `Product descriptions and blog posts strip scripts: ${LINK_ONLY}`,
  },
  custom: {
    block: "your page's HTML",
    steps: [
      "Paste the link where the button should appear.",
      "Paste the script tag once per page, before </body>.",
      "If your site sends a Content-Security-Policy, allow this site's origin in script-src, frame-src, connect-src and img-src.",
    ],
    withoutScripts: `If scripts cannot run on the page, ${LINK_ONLY}`,
  },
  other: {
    block: "HTML, Embed or Code block",
    steps: ["Look for a block called HTML, Embed or Code in your site builder.", "Paste the code there and publish."],
    withoutScripts: `If the builder removes the script tag, ${LINK_ONLY}`,
  },
};
