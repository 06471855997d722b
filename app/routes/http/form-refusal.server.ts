import { data } from "react-router";
import { type Failure, formErrorsOf, statusOf } from "~/lib/errors";
import type { ToastMessage } from "~/lib/toast";

/** The toast text of a form refused for its fields. */
export const INVALID_FORM_MESSAGE = "Please correct the highlighted fields and save again.";

/** An action's refusal of one of a page's forms: Conform's result for that form and a "Not saved" toast. */
export function formRefusal(form: string, result: unknown, status: number, description: string) {
  return data(
    { form, result, toast: { type: "error", title: "Not saved", description } satisfies ToastMessage },
    { status },
  );
}

/** A form refused by a typed failure: the failure's field error, status and message. */
export function failureRefusal(form: string, failure: Failure) {
  return formRefusal(form, { status: "error", error: formErrorsOf(failure) }, statusOf(failure.code), failure.message);
}

/** The answer to a post whose `intent` names none of the page's forms. */
export function unknownIntentRefusal() {
  return data(
    {
      form: "",
      result: null,
      toast: {
        type: "error",
        title: "Not done",
        description: "Please use the buttons on the page.",
      } satisfies ToastMessage,
    },
    { status: 400 },
  );
}
