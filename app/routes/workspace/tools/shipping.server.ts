import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { SHIPPING_PATH } from "~/domains/shipping/paths";
import {
  shippingRateSchema,
  shippingZoneSchema,
  toShippingRateInput,
  toShippingZoneInput,
} from "~/domains/shipping/schemas/shipping-settings";
import { ERRORS, formErrorsOf, statusOf } from "~/lib/errors";
import { formRefusal, INVALID_FORM_MESSAGE, unknownIntentRefusal } from "~/routes/http/form-refusal.server";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import { deleteShippingItem } from "~/domains/shipping/server/delete-shipping-item.server";
import { saveShippingRate } from "~/domains/shipping/server/save-shipping-rate.server";
import { saveShippingZone } from "~/domains/shipping/server/save-shipping-zone.server";

/** The shipping page's forms by `intent`: save or delete a zone or a rate. */
export async function submitShippingForm(services: AppServices, user: CurrentUser, formData: FormData) {
  const intent = formData.get("intent");
  if (intent === "save-zone" || intent === "save-rate") {
    // Which form answered: a saved item's id, else (a new rate) its zone's, else "new".
    const form = `${intent}-${String(formData.get("id") || formData.get("zoneId") || "new")}`;
    const submission = parseWithZod(formData, {
      schema: intent === "save-zone" ? shippingZoneSchema : shippingRateSchema,
    });
    if (submission.status !== "success") return formRefusal(form, submission.reply(), 400, INVALID_FORM_MESSAGE);
    const value = submission.value;
    let saved: Awaited<ReturnType<typeof saveShippingZone>>;
    try {
      saved =
        value.intent === "save-zone"
          ? await saveShippingZone(services.db, user.id, toShippingZoneInput(value))
          : await saveShippingRate(services.db, user.id, toShippingRateInput(value));
    } catch (error) {
      services.logger.error({ err: error }, "shipping settings not saved");
      const failure = {
        ok: false as const,
        code: "SHIPPING_SAVE_FAILED" as const,
        message: ERRORS.SHIPPING_SAVE_FAILED.message,
      };
      return formRefusal(form, submission.reply(formErrorsOf(failure)), 503, failure.message);
    }
    if (!saved.ok) return formRefusal(form, submission.reply(formErrorsOf(saved)), statusOf(saved.code), saved.message);
    const what = intent === "save-zone" ? "Shipping zone" : "Shipping rate";
    return redirectWithToast(SHIPPING_PATH, { type: "success", title: `${what} saved` });
  }
  if (intent === "delete-zone" || intent === "delete-rate") {
    const kind = intent === "delete-zone" ? "zone" : "rate";
    const deleted = await deleteShippingItem(services.db, user.id, { kind, id: String(formData.get("id") ?? "") });
    if (!deleted.ok) throw data({ code: deleted.code, message: deleted.message }, { status: 404 });
    return redirectWithToast(SHIPPING_PATH, {
      type: "success",
      title: kind === "zone" ? "Shipping zone deleted" : "Shipping rate deleted",
    });
  }
  return unknownIntentRefusal();
}
