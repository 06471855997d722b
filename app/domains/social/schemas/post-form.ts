import { z } from "zod";
import { calendarDateField, optionalLocalDateTimeField } from "~/lib/form-fields";
import { UUID_PATTERN } from "~/lib/text-formats";
import { CONTENT_TYPES } from "~/domains/sales-methods/content/sales-options";
import { isPlatform, publicUrlProblem, textLimitProblem } from "../post-rules";
import { LINK_TARGET_VALUES } from "../tracking-link";

/** Products one post may promote. */
export const POST_PRODUCTS_MAX = 10;
/** Longer than any network's limit, so only the network's own limit refuses a text. */
const TEXT_MAX = 70_000;

export const POST_MESSAGES = {
  platform: "Please choose a platform from your Social Media setup.",
  contentType: "Please choose a content type.",
  status: "Please choose a status.",
  scheduledAt: "Please enter a date and time like 2026-12-01 10:00.",
  products: `Please choose at most ${POST_PRODUCTS_MAX} products from your catalog.`,
  date: "Please choose a date.",
  linkTarget: "Please choose where the tracking link goes.",
} as const;

const CONTENT_TYPE_VALUES = CONTENT_TYPES.map((type) => type.value) as [string, ...string[]];

/** The post form: network, content type, text within the network's limit, products, link target, status and time. */
export const postFormSchema = z
  .object({
    intent: z.literal("save-post"),
    platform: z.string({ error: POST_MESSAGES.platform }).refine(isPlatform, POST_MESSAGES.platform),
    contentType: z.enum(CONTENT_TYPE_VALUES, { error: POST_MESSAGES.contentType }),
    text: z.string().max(TEXT_MAX).optional().default(""),
    productIds: z
      .array(z.string().regex(UUID_PATTERN, POST_MESSAGES.products))
      .max(POST_PRODUCTS_MAX, POST_MESSAGES.products)
      .optional()
      .default([]),
    linkTarget: z.enum(LINK_TARGET_VALUES, { error: POST_MESSAGES.linkTarget }).optional().default("product"),
    status: z.enum(["idea", "draft", "scheduled"], { error: POST_MESSAGES.status }),
    scheduledAt: optionalLocalDateTimeField(POST_MESSAGES.scheduledAt),
  })
  .superRefine((value, ctx) => {
    if (!isPlatform(value.platform)) return;
    const problem = textLimitProblem(value.platform, value.text);
    if (problem) ctx.addIssue({ code: "custom", path: ["text"], message: problem });
  });

export type PostFormValue = z.output<typeof postFormSchema>;

/** Mark as posted: the post's public address on the network. */
export const markPostedSchema = z.object({
  intent: z.literal("mark-posted"),
  publicUrl: z
    .string({ error: "Please enter the post's full address, starting with https://." })
    .trim()
    .superRefine((value, ctx) => {
      const problem = publicUrlProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});

/** Move a post to another day, keeping its time of day. */
export const movePostSchema = z.object({
  intent: z.literal("move-post"),
  postId: z.string().regex(UUID_PATTERN, "This post was not found."),
  date: calendarDateField(POST_MESSAGES.date),
});

/** Copy a post for another network. */
export const duplicatePostSchema = z.object({
  intent: z.literal("duplicate-post"),
  platform: z.string({ error: POST_MESSAGES.platform }).refine(isPlatform, POST_MESSAGES.platform),
});
