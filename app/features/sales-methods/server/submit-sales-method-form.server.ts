import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { salesMethod, type SalesMethodKey } from "~/features/sales-methods/content/sales-methods";
import type { ToastMessage } from "~/lib/toast";
import { requireUser } from "~/features/accounts/server/require-user.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { saveSalesMethod } from "./save-sales-method.server";
import type { RequestContext } from "~/server/http/request-context.server";

/** The form field that asks for a preview instead of a save (the buy-button form's Generate without JavaScript). */
export const PREVIEW_INTENT = "preview";
export const INVALID_FORM_DESCRIPTION = "Please correct the highlighted fields and save again.";
export const SAVE_FAILED_DESCRIPTION = "Your changes are still in the form. Please try again in a moment.";

/**
 * Action of a sales-method form (protected): validates with the form's schema and saves the setup to the
 * signed-in creator's own row, then reloads the page with `savedToast`. Invalid input answers 400 with the
 * messages and the typed values; a database failure answers 503 with the values kept. Nothing else is saved.
 */
export async function submitSalesMethodForm<Schema extends z.ZodType<Record<string, unknown>>>(
  services: AppServices,
  ctx: RequestContext,
  /** Reads the posted form; called once the creator is known (the guard answers before any body is read). */
  readForm: () => Promise<FormData>,
  method: SalesMethodKey,
  schema: Schema,
  options: { savedToast: string; allowPreview?: boolean },
) {
  const user = await requireUser(services, ctx);
  const formData = await readForm();
  const submission = parseWithZod(formData, { schema });
  const notSaved = `${salesMethod(method).name} not saved`;
  if (submission.status !== "success") {
    const toast: ToastMessage = { type: "error", title: notSaved, description: INVALID_FORM_DESCRIPTION };
    return data({ result: submission.reply(), toast }, { status: 400 });
  }
  if (options.allowPreview && formData.get("intent") === PREVIEW_INTENT) {
    return data(
      { result: submission.reply(), toast: { type: "info", title: "Code updated", description: "Save to make the link live." } satisfies ToastMessage },
      { status: 200 },
    );
  }
  try {
    await saveSalesMethod(services.db, user.id, method, submission.value);
  } catch (error) {
    services.logger.error({ err: error, method }, "sales method not saved");
    const toast: ToastMessage = { type: "error", title: notSaved, description: SAVE_FAILED_DESCRIPTION };
    return data({ result: submission.reply(), toast }, { status: 503 });
  }
  return redirectWithToast(ctx.url.pathname, { type: "success", title: options.savedToast });
}
