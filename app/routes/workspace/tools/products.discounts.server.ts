import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { storeCurrency } from "~/domains/sales-methods/server/store-currency.server";
import { DISCOUNTS_PATH } from "~/domains/discounts/paths";
import { discountCodeSchema, toDiscountInput } from "~/domains/discounts/schemas/discount-code";
import { ERRORS, type ErrorBody, type ErrorCode, type Failure, formErrorsOf, statusOf } from "~/lib/errors";
import type { ToastMessage } from "~/lib/toast";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import { archiveDiscountCode } from "~/domains/discounts/server/archive-discount-code.server";
import { createDiscountCode } from "~/domains/discounts/server/create-discount-code.server";
import { deleteDiscountCode } from "~/domains/discounts/server/delete-discount-code.server";
import { isUuid } from "~/lib/text-formats";
import { updateDiscountCode } from "~/domains/discounts/server/update-discount-code.server";

const INVALID_DESCRIPTION = "Please correct the highlighted fields and save again.";

/** The 404 for a missing code or another creator's, so both answer alike. */
export function discountNotFound(): never {
  throw data<ErrorBody>({ code: "DISCOUNT_NOT_FOUND", message: ERRORS.DISCOUNT_NOT_FOUND.message }, { status: 404 });
}

type Replying = {
  reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>;
};

function refused(submission: Replying, code: ErrorCode, message: string, title: string) {
  return data(
    {
      result: submission.reply(formErrorsOf({ ok: false, code, message })),
      toast: { type: "error", title, description: message } satisfies ToastMessage,
    },
    { status: statusOf(code) },
  );
}

/** The discount code form's action: creates or saves a code. */
export async function submitDiscountForm(
  services: AppServices,
  user: CurrentUser,
  formData: FormData,
  timeZone: string,
) {
  const id = String(formData.get("id") ?? "");
  if (id && !isUuid(id)) discountNotFound();
  const currency = await storeCurrency(services.db, user.id);
  const submission = parseWithZod(formData, { schema: discountCodeSchema(currency) });
  const notSaved = "Discount code not saved";
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply(),
        toast: { type: "error", title: notSaved, description: INVALID_DESCRIPTION } satisfies ToastMessage,
      },
      { status: 400 },
    );
  }
  const input = toDiscountInput(submission.value, currency, timeZone);
  let result: Awaited<ReturnType<typeof createDiscountCode>> | Awaited<ReturnType<typeof updateDiscountCode>>;
  try {
    result = id
      ? await updateDiscountCode(services.db, user.id, id, input)
      : await createDiscountCode(services.db, user.id, input);
  } catch (error) {
    services.logger.error({ err: error }, "discount code not saved");
    return refused(submission, "DISCOUNT_SAVE_FAILED", ERRORS.DISCOUNT_SAVE_FAILED.message, notSaved);
  }
  if (!result.ok) {
    if (result.code === "DISCOUNT_NOT_FOUND") discountNotFound();
    return refused(submission, result.code, result.message, notSaved);
  }
  return redirectWithToast(DISCOUNTS_PATH, {
    type: "success",
    title: id ? `Discount code ${input.code} saved` : `Discount code ${input.code} created`,
  });
}

const ACTIONS = {
  archive: {
    run: (s: AppServices, u: string, id: string) => archiveDiscountCode(s.db, u, id, true),
    done: "Discount code archived",
  },
  unarchive: {
    run: (s: AppServices, u: string, id: string) => archiveDiscountCode(s.db, u, id, false),
    done: "Discount code accepted again",
  },
  delete: {
    run: (s: AppServices, u: string, id: string) => deleteDiscountCode(s.db, u, id),
    done: "Discount code deleted",
  },
} as const;

export type DiscountAction = keyof typeof ACTIONS;

export function isDiscountAction(value: unknown): value is DiscountAction {
  return typeof value === "string" && Object.hasOwn(ACTIONS, value);
}

/** A one-click archive, unarchive or delete posted with `intent` and `id`, answered with a toast. */
export async function submitDiscountAction(services: AppServices, user: CurrentUser, formData: FormData) {
  const intent = formData.get("intent");
  const id = String(formData.get("id") ?? "");
  if (!isDiscountAction(intent))
    return data(
      {
        toast: {
          type: "error",
          title: "Not done",
          description: "Please use the buttons on the page.",
        } satisfies ToastMessage,
      },
      { status: 400 },
    );
  if (!isUuid(id)) discountNotFound();
  let result: Awaited<ReturnType<(typeof ACTIONS)[DiscountAction]["run"]>> | Failure<"DISCOUNT_ACTION_FAILED">;
  try {
    result = await ACTIONS[intent].run(services, user.id, id);
  } catch (error) {
    services.logger.error({ err: error, intent }, "discount code action failed");
    result = { ok: false, code: "DISCOUNT_ACTION_FAILED", message: ERRORS.DISCOUNT_ACTION_FAILED.message };
  }
  if (!result.ok) {
    if (result.code === "DISCOUNT_NOT_FOUND") discountNotFound();
    return data(
      { toast: { type: "error", title: "Not done", description: result.message } satisfies ToastMessage },
      { status: statusOf(result.code) },
    );
  }
  return redirectWithToast(DISCOUNTS_PATH, { type: "success", title: ACTIONS[intent].done });
}
