import { lazy, Suspense, useEffect, useState } from "react";

const ToasterClient = lazy(() => import("./toaster-client"));

/** The app's toaster, loaded after hydration in its own chunk; earlier `showToast()` calls wait for it. */
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
