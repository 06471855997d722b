import { useEffect } from "react";
import { showToast, type ToastMessage } from "./toast";

/** Shows the toast of an action's answer once per answer, so a refused or saved form is announced. */
export function useAnswerToast(toast: ToastMessage | null | undefined): void {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}
