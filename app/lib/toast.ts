/** A toast message; shown by sonner with the spec's settings (components/ui/toaster.tsx). */
export type ToastMessage = { type: "success" | "error" | "info" | "warning"; title: string; description?: string };

let deliver: ((toast: ToastMessage) => void) | undefined;
const pending: ToastMessage[] = [];

/** Shows a toast; toasts raised before the (lazily loaded) toaster is ready wait for it. */
export function showToast(toast: ToastMessage): void {
  if (deliver) deliver(toast);
  else pending.push(toast);
}

/** Called once by the toaster when it is mounted; returns the disconnect function. */
export function connectToaster(show: (toast: ToastMessage) => void): () => void {
  deliver = show;
  for (const toast of pending.splice(0)) show(toast);
  return () => {
    deliver = undefined;
  };
}
