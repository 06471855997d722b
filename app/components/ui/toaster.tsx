import { lazy, Suspense, useEffect, useState } from "react";

const ToasterClient = lazy(() => import("./toaster-client"));

/**
 * The app's toaster. It is loaded after hydration, in its own chunk, so pages that never toast do not pay for
 * it in their first load; `showToast()` calls made earlier wait for it (lib/toast.ts).
 */
export function Toaster() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ToasterClient />
    </Suspense>
  );
}
