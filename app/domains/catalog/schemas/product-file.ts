import { z } from "zod";
import { checkFileName } from "../content/product-files";

const uuid = z.string().trim().pipe(z.uuid("Unknown file"));

/** Rename a product file: the name follows the upload's rules (no path or control characters, length cap). */
export const renameProductFileSchema = z.object({
  intent: z.literal("rename"),
  fileId: uuid,
  name: z.string().superRefine((value, ctx) => {
    const check = checkFileName(value);
    if (!check.ok) ctx.addIssue({ code: "custom", message: check.message });
  }),
});

/** The product's files in their new order (every file once). */
export const reorderProductFilesSchema = z.object({
  intent: z.literal("reorder"),
  productId: uuid,
  fileIds: z.array(uuid).min(1).max(500),
});

export const removeProductFileSchema = z.object({ intent: z.literal("remove"), fileId: uuid });

/** The product files action's forms, told apart by `intent`. */
export const productFileActionSchema = z.discriminatedUnion("intent", [
  renameProductFileSchema,
  reorderProductFilesSchema,
  removeProductFileSchema,
]);
export type ProductFileAction = z.infer<typeof productFileActionSchema>;
