import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { salesMethod, type SalesMethodKey } from "~/features/sales-methods/content/sales-methods";
import type { ToastMessage } from "~/lib/toast";
import { requireUser } from "~/kernel/session/require-user.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { saveSalesMethod } from "./save-sales-method.server";
import type { RequestContext } from "~/server/http/request-context.server";

/** The intent that asks for a preview instead of a save. */
export const PREVIEW_INTENT = "preview";
export const INVALID_FORM_DESCRIPTION = "Please correct the highlighted fields and save again.";
export const SAVE_FAILED_DESCRIPTION = "Your changes are still in the form. Please try again in a moment.";

/** A sales-method form's action: validates and saves the creator's setup; invalid input answers 400, a database failure 503. */
export async function submitSalesMethodForm<Schema extends z.ZodType<Record<string, unknown>>>(
  services: AppServices,
  ctx: RequestContext,
  /** Reads the posted form, only after the guard has identified the creator. */
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
      {
        result: submission.reply(),
        toast: {
          type: "info",
          title: "Code updated",
          description: "Save to make the link live.",
        } satisfies ToastMessage,
      },
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
