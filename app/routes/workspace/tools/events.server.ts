import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { parseSetupRequirements } from "~/flows/event-sales/checklist";
import { EVENTS_PATH } from "~/flows/event-sales/event-item";
import { transferStockSchema } from "~/domains/inventory/schemas/stock-forms";
import { transferStock } from "~/domains/inventory/server/transfer-stock.server";
import { centsOf, checklistItemSchema, eventFormSchema } from "~/flows/event-sales/schemas/event-form";
import { fail, formErrorsOf, statusOf } from "~/lib/errors";
import { isUuid } from "~/lib/text-formats";
import {
  failureRefusal,
  formRefusal,
  INVALID_FORM_MESSAGE,
  unknownIntentRefusal,
} from "~/routes/http/form-refusal.server";
import type { ToastMessage } from "~/lib/toast";
import { formatDateTime, skippedLocalTime } from "~/lib/zoned-time";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import { archiveEvent } from "~/flows/event-sales/server/archive-event.server";
import { changeEventChecklist } from "~/flows/event-sales/server/change-event-checklist.server";
import { deleteEvent } from "~/flows/event-sales/server/delete-event.server";
import { ensureEventRegister } from "~/flows/event-sales/server/ensure-event-register.server";
import { returnEventLeftovers } from "~/flows/event-sales/server/return-event-leftovers.server";
import { saveEvent } from "~/flows/event-sales/server/save-event.server";
import { sellerEventDefaults } from "~/flows/event-sales/server/seller-event-defaults.server";

/** The event pages' forms by `intent`; refusals answer with field errors, success redirects with a toast. */
export async function submitEventForm(
  services: AppServices,
  user: CurrentUser,
  formData: FormData,
  { eventId, fallbackTimeZone, now = new Date() }: { eventId: string | null; fallbackTimeZone?: string; now?: Date },
) {
  const intent = formData.get("intent");
  if (eventId !== null && !isUuid(eventId)) throw data(null, { status: 404 });
  if (intent === "save-event") {
    const form = `save-event-${eventId ?? "new"}`;
    const submission = parseWithZod(formData, { schema: eventFormSchema });
    if (submission.status !== "success") return formRefusal(form, submission.reply(), 400, INVALID_FORM_MESSAGE);
    const value = submission.value;
    const { timeZone, currency } = await sellerEventDefaults(services.db, user.id, fallbackTimeZone);
    const saved = await saveEvent(
      services.db,
      user.id,
      eventId,
      {
        ...value,
        timeZone,
        currency,
        boothFeeCents: centsOf(value.boothFee) ?? 0,
        otherCostsCents: centsOf(value.otherCosts) ?? 0,
        checklist: parseSetupRequirements(value.checklist),
        repeat: value.repeat === "none" ? null : { frequency: value.repeat, count: Number(value.repeatCount) },
      },
      now,
    );
    if (!saved.ok) return formRefusal(form, submission.reply(formErrorsOf(saved)), statusOf(saved.code), saved.message);
    const title = saved.created > 1 ? `${saved.created} events created` : "Event saved";
    const notes = [value.startsAt, value.endsAt].flatMap((local) => {
      const moved = skippedLocalTime(local, timeZone);
      return moved
        ? [
            `${local.slice(11, 16)} does not exist that day in ${timeZone} (the clocks go forward): saved as ${formatDateTime(moved, timeZone)}.`,
          ]
        : [];
    });
    if (saved.overlaps.length) notes.push(`It overlaps with ${saved.overlaps.map((other) => other.name).join(", ")}.`);
    const toast: ToastMessage = notes.length
      ? { type: "warning", title, description: notes.join(" ") }
      : { type: "success", title };
    return redirectWithToast(`${EVENTS_PATH}/${saved.id}`, toast);
  }
  if (!eventId) throw data(null, { status: 404 });
  const page = `${EVENTS_PATH}/${eventId}`;
  if (intent === "archive" || intent === "restore") {
    const done = await archiveEvent(services.db, user.id, eventId, intent === "archive");
    if (!done.ok) throw data(null, { status: 404 });
    return redirectWithToast(page, {
      type: "success",
      title: intent === "archive" ? "Event archived" : "Event restored",
    });
  }
  if (intent === "delete") {
    const done = await deleteEvent(services.db, user.id, eventId);
    if (!done.ok) {
      if (done.code === "EVENT_NOT_FOUND") throw data(null, { status: 404 });
      return failureRefusal("delete", done);
    }
    return redirectWithToast(EVENTS_PATH, { type: "success", title: "Event deleted" });
  }
  if (intent === "sell-here") {
    const register = await ensureEventRegister(services.db, user.id, eventId);
    if (!register.ok) throw data(null, { status: 404 });
    return redirect(`/tools/mobile-pos?event=${eventId}&register=${register.registerId}`);
  }
  if (intent === "transfer") {
    const submission = parseWithZod(formData, { schema: transferStockSchema });
    if (submission.status !== "success") return formRefusal("transfer", submission.reply(), 400, INVALID_FORM_MESSAGE);
    const moved = await transferStock(services.db, user.id, user.id, submission.value);
    if (!moved.ok)
      return formRefusal("transfer", submission.reply(formErrorsOf(moved)), statusOf(moved.code), moved.message);
    return redirectWithToast(`${page}#stock`, { type: "success", title: "Stock transferred" });
  }
  if (intent === "return-leftovers") {
    const toLocationId = String(formData.get("toLocationId") ?? "");
    if (!isUuid(toLocationId)) return failureRefusal("return", fail("STOCK_LOCATION_NOT_FOUND"));
    const done = await returnEventLeftovers(services.db, user.id, eventId, toLocationId);
    if (!done.ok) {
      if (done.code === "EVENT_NOT_FOUND") throw data(null, { status: 404 });
      return failureRefusal("return", done);
    }
    return redirectWithToast(`${page}#stock`, {
      type: "success",
      title: done.units ? `${done.units} units returned` : "Nothing left to return",
    });
  }
  if (intent === "toggle-item" || intent === "remove-item" || intent === "add-checklist-item") {
    let change: Parameters<typeof changeEventChecklist>[3];
    if (intent === "add-checklist-item") {
      const submission = parseWithZod(formData, { schema: checklistItemSchema });
      if (submission.status !== "success")
        return formRefusal("checklist", submission.reply(), 400, INVALID_FORM_MESSAGE);
      change = { kind: "add", text: submission.value.text };
    } else {
      const itemId = String(formData.get("itemId") ?? "").slice(0, 16);
      change = { kind: intent === "toggle-item" ? "toggle" : "remove", itemId };
    }
    const done = await changeEventChecklist(services.db, user.id, eventId, change);
    if (!done.ok) throw data(null, { status: 404 });
    return redirectWithToast(`${page}#checklist`, { type: "success", title: "Checklist saved" });
  }
  return unknownIntentRefusal();
}
