import { z } from "zod";
import {
  BIO_BLOCK_KINDS,
  BIO_BUTTON_STYLES,
  BIO_PLATFORMS,
  BIO_THEMES,
  PLATFORM_HANDLE_PATTERN,
} from "~/domains/link-in-bio/bio-content";
import { checkbox, emailField, optionalLocalDateTimeField } from "~/lib/form-fields";
import { httpUrl } from "~/lib/http-url";
import { isUuid } from "~/lib/text-formats";

export const BIO_TITLE_MAX = 80;
export const BIO_TEXT_MAX = 300;
export const BLOCK_TITLE_MAX = 100;
export const BLOCK_BODY_MAX = 1000;
/** At most this many blocks on one page. */
export const MAX_BIO_BLOCKS = 100;

export const BIO_MESSAGES = {
  tooLong: (max: number) => `Please use at most ${max} characters.`,
  handle: "Please enter a handle of letters, digits, dots, dashes or underscores, like @yourname.",
  url: "Please enter a web address starting with https:// or http://.",
  title: "Please enter the button's text.",
  heading: "Please enter the heading.",
  body: "Please enter the text.",
  product: "Please choose one of your products.",
  when: "Please enter a date and time, or leave it empty.",
  untilBeforeFrom: "Show until must be after show from.",
  consent: "Please tick the box to agree to receive emails.",
  order: "The order of the blocks could not be read. Please reload the page.",
} as const;

/** The words a subscriber agrees to, stored with their consent. */
export const SIGNUP_CONSENT_TEXT = "I agree to receive emails from this creator. I can unsubscribe at any time.";

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as unknown as [T[number]["value"], ...T[number]["value"][]];
const text = (max: number) => z.string().trim().max(max, BIO_MESSAGES.tooLong(max)).optional().default("");
const when = optionalLocalDateTimeField(BIO_MESSAGES.when);
const handle = z
  .string()
  .trim()
  .max(61, BIO_MESSAGES.handle)
  .optional()
  .default("")
  .refine((value) => !value || PLATFORM_HANDLE_PATTERN.test(value), BIO_MESSAGES.handle);

/** The profile form: name, bio, theme, button style and a handle per platform. */
export const bioProfileSchema = z.object({
  title: text(BIO_TITLE_MAX),
  bio: text(BIO_TEXT_MAX),
  theme: z.enum(values(BIO_THEMES)).default("light"),
  buttonStyle: z.enum(values(BIO_BUTTON_STYLES)).default("rounded"),
  ...(Object.fromEntries(BIO_PLATFORMS.map((platform) => [platform.value, handle])) as Record<
    (typeof BIO_PLATFORMS)[number]["value"],
    typeof handle
  >),
});
export type BioProfileInput = z.output<typeof bioProfileSchema>;

/** A block's form, new or edited: which fields matter depends on its kind; URLs must be http(s). */
export const bioBlockSchema = z
  .object({
    blockId: z
      .string()
      .optional()
      .default("")
      .refine((id) => !id || isUuid(id), "This block was not found."),
    kind: z.enum(values(BIO_BLOCK_KINDS)),
    title: text(BLOCK_TITLE_MAX),
    url: z.string().trim().max(2000, BIO_MESSAGES.url).optional().default(""),
    body: text(BLOCK_BODY_MAX),
    productId: z.string().optional().default(""),
    thumbnailCoverId: z.string().optional().default(""),
    showFrom: when,
    showUntil: when,
    hidden: checkbox,
  })
  .superRefine((value, ctx) => {
    if (value.kind === "link") {
      if (!value.title) ctx.addIssue({ code: "custom", path: ["title"], message: BIO_MESSAGES.title });
      if (!httpUrl(value.url)) ctx.addIssue({ code: "custom", path: ["url"], message: BIO_MESSAGES.url });
      if (value.thumbnailCoverId && !isUuid(value.thumbnailCoverId))
        ctx.addIssue({ code: "custom", path: ["thumbnailCoverId"], message: BIO_MESSAGES.product });
    }
    if (value.kind === "product" && !isUuid(value.productId))
      ctx.addIssue({ code: "custom", path: ["productId"], message: BIO_MESSAGES.product });
    if (value.kind === "heading" && !value.title)
      ctx.addIssue({ code: "custom", path: ["title"], message: BIO_MESSAGES.heading });
    if (value.kind === "text" && !value.body)
      ctx.addIssue({ code: "custom", path: ["body"], message: BIO_MESSAGES.body });
    if (value.showFrom && value.showUntil && value.showUntil <= value.showFrom)
      ctx.addIssue({ code: "custom", path: ["showUntil"], message: BIO_MESSAGES.untilBeforeFrom });
  });
export type BioBlockInput = z.output<typeof bioBlockSchema>;

/** The blocks' new order, as drag and drop or the move buttons send it: every block id once. */
export const bioOrderSchema = z.object({
  order: z
    .string({ error: BIO_MESSAGES.order })
    .max(MAX_BIO_BLOCKS * 37, BIO_MESSAGES.order)
    .transform((value) => value.split(",").filter(Boolean))
    .refine((ids) => ids.every(isUuid) && new Set(ids).size === ids.length, BIO_MESSAGES.order),
});

/** Hide, show or delete one block. */
export const bioBlockActionSchema = z.object({
  blockId: z.string().refine(isUuid, "This block was not found."),
  action: z.enum(["hide", "show", "delete"]),
});

/** The public email sign-up: an address and the consent box; a captcha answer once one is asked for. */
export const bioSignupSchema = z.object({
  email: emailField,
  consent: checkbox.refine((ticked) => ticked, BIO_MESSAGES.consent),
  captcha: z.string().max(4000).optional(),
});
