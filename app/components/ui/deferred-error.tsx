import { useEffect } from "react";
import { showToast } from "~/lib/toast";

/** Shown when deferred loader data failed: a toast, and what to do on the page. */
export function DeferredError({ toastTitle, message }: { toastTitle: string; message: string }) {
  useEffect(() => {
    showToast({ type: "error", title: toastTitle });
  }, [toastTitle]);
  return (
    <p role="alert" className="rounded-lg border border-destructive/40 p-6 text-center">
      {message}
    </p>
  );
}
