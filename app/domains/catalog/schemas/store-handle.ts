import { z } from "zod";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "~/domains/catalog/slugify";

/** The shortest store address: one or two letters are too easy to mistake (and to squat). */
export const HANDLE_MIN_LENGTH = 3;

/** E-shop Builder: the store's address, `/s/:handle`. */
export const storeHandleSchema = z.object({
  handle: z
    .string({ error: "Please enter your store address" })
    .trim()
    .toLowerCase()
    .min(1, "Please enter your store address")
    .min(HANDLE_MIN_LENGTH, `Store address must be at least ${HANDLE_MIN_LENGTH} characters`)
    .max(SLUG_MAX_LENGTH, `Store address must be at most ${SLUG_MAX_LENGTH} characters`)
    .regex(
      SLUG_PATTERN,
      "Use only lowercase letters, digits and single hyphens between them (for example: adas-atelier)",
    ),
});

/** E-shop Builder: move one product up or down the storefront. */
export const MOVE_DIRECTIONS = ["up", "down"] as const;
export const moveProductSchema = z.object({
  productId: z.uuid({ error: "Please choose a product" }),
  direction: z.enum(MOVE_DIRECTIONS, { error: "Please choose a direction" }),
});
