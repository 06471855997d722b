import { type Navigation, useFormAction, useNavigation } from "react-router";

/** Which submission a busy label waits for; omitted fields take the current route's POST in any non-idle state. */
export type PendingOptions = {
  /** The submitted `intent` field, for pages with several forms; any intent when omitted. */
  intent?: string;
  /** The action the form posts to; the current route's action when omitted. */
  formAction?: string;
  formMethod?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** "submitting" ends with the action; "non-idle" also covers the reload after it. */
  state?: "submitting" | "loading" | "non-idle";
};

/** What the decision reads: a navigation, or a fetcher, which has the same fields. */
export type PendingSource = Pick<Navigation, "state" | "formMethod" | "formAction" | "formData">;

/** Whether `source` is sending the form the options describe; the pure decision behind `useIsPending`. */
export function isPendingSubmission(source: PendingSource, options: PendingOptions & { formAction: string }): boolean {
  const { intent, formAction, formMethod = "POST", state = "non-idle" } = options;
  const inState = state === "non-idle" ? source.state !== "idle" : source.state === state;
  if (!inState || source.formMethod !== formMethod || source.formAction !== formAction) return false;
  return intent === undefined || source.formData?.get("intent") === intent;
}

/** True while this route's form (or the named one) is being sent: its submit button's busy state. */
export function useIsPending(options: PendingOptions = {}): boolean {
  return usePendingFormData(options) !== null;
}

/** The fields of the pending submission the options describe, or null: tells which row or plan is being sent. */
export function usePendingFormData(options: PendingOptions = {}): FormData | null {
  const navigation = useNavigation();
  const formAction = useFormAction(options.formAction);
  if (!isPendingSubmission(navigation, { ...options, formAction })) return null;
  return navigation.formData ?? new FormData();
}
