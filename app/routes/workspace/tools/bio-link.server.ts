import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import {
  bioBlockActionSchema,
  bioBlockSchema,
  bioOrderSchema,
  bioProfileSchema,
} from "~/domains/link-in-bio/schemas/bio-forms";
import { formErrorsOf, statusOf } from "~/lib/errors";
import { failureRefusal, formRefusal, INVALID_FORM_MESSAGE } from "~/routes/http/form-refusal.server";
import type { ToastMessage } from "~/lib/toast";
import { sellerTimeZone } from "~/domains/workspace/server/seller-time-zone.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import { changeBioBlock } from "~/domains/link-in-bio/server/change-bio-block.server";
import { reorderBioBlocks } from "~/domains/link-in-bio/server/reorder-bio-blocks.server";
import { saveBioBlock } from "~/domains/link-in-bio/server/save-bio-block.server";
import { saveBioProfile } from "~/domains/link-in-bio/server/save-bio-profile.server";

export const BIO_EDITOR_PATH = "/tools/bio-link";

/** The Link in Bio editor's forms by `intent`; refusals answer with field errors, success redirects with a toast. */
export async function submitBioEditor(
  services: AppServices,
  user: CurrentUser,
  formData: FormData,
  fallbackTimeZone: string | undefined,
) {
  const intent = formData.get("intent");
  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: bioProfileSchema });
    if (submission.status !== "success") return formRefusal("profile", submission.reply(), 400, INVALID_FORM_MESSAGE);
    await saveBioProfile(services.db, user.id, submission.value);
    return redirectWithToast(BIO_EDITOR_PATH, { type: "success", title: "Page saved" });
  }
  if (intent === "block") {
    const form = `block-${String(formData.get("blockId") || "new")}`;
    const submission = parseWithZod(formData, { schema: bioBlockSchema });
    if (submission.status !== "success") return formRefusal(form, submission.reply(), 400, INVALID_FORM_MESSAGE);
    const timeZone = await sellerTimeZone(services.db, user.id, fallbackTimeZone);
    const saved = await saveBioBlock(services.db, user.id, submission.value, timeZone);
    if (!saved.ok) return formRefusal(form, submission.reply(formErrorsOf(saved)), statusOf(saved.code), saved.message);
    return redirectWithToast(`${BIO_EDITOR_PATH}#block-${saved.id}`, {
      type: "success",
      title: submission.value.blockId ? "Block saved" : "Block added",
    });
  }
  if (intent === "order") {
    const submission = parseWithZod(formData, { schema: bioOrderSchema });
    if (submission.status !== "success") return formRefusal("order", submission.reply(), 400, INVALID_FORM_MESSAGE);
    const done = await reorderBioBlocks(services.db, user.id, submission.value.order);
    if (!done.ok) return failureRefusal("order", done);
    return data({
      form: "order",
      result: null,
      toast: { type: "success", title: "Order saved" } satisfies ToastMessage,
    });
  }
  if (intent === "block-action") {
    const submission = parseWithZod(formData, { schema: bioBlockActionSchema });
    if (submission.status !== "success")
      return formRefusal("block-action", submission.reply(), 400, INVALID_FORM_MESSAGE);
    const { blockId, action } = submission.value;
    const done = await changeBioBlock(services.db, user.id, blockId, action);
    if (!done.ok) return failureRefusal("block-action", done);
    const title = action === "delete" ? "Block deleted" : action === "hide" ? "Block hidden" : "Block shown";
    return redirectWithToast(BIO_EDITOR_PATH, { type: "success", title });
  }
  return formRefusal("form", null, 400, "This form could not be read. Please reload the page.");
}
