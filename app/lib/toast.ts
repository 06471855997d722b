/** A toast message, shown by the toaster. */
export type ToastMessage = { type: "success" | "error" | "info" | "warning"; title: string; description?: string };

let deliver: ((toast: ToastMessage) => void) | undefined;
const pending: ToastMessage[] = [];

/** Shows a toast, or keeps it until the lazily loaded toaster connects. */
export function showToast(toast: ToastMessage): void {
  if (deliver) deliver(toast);
  else pending.push(toast);
}

/** Connects the mounted toaster; returns the disconnect. */
export function connectToaster(show: (toast: ToastMessage) => void): () => void {
  deliver = show;
  for (const toast of pending.splice(0)) show(toast);
  return () => {
    deliver = undefined;
  };
}
