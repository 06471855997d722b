import { lazy, Suspense, useEffect, useState } from "react";

/** Toasts as SPEC §9 sets them: 4000 ms, 3 visible, 356 px wide, 14 px gap, bottom right. */
export const TOASTER_SETTINGS = { duration: 4000, visibleToasts: 3, width: 356, gap: 14, position: "bottom-right" } as const;

const SonnerToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/**
 * The app's toaster. It is loaded after hydration, in its own chunk, so pages that never toast do not pay for
 * it in their first load; `toast()` calls made later find it mounted.
 */
export function Toaster() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position={TOASTER_SETTINGS.position}
        duration={TOASTER_SETTINGS.duration}
        visibleToasts={TOASTER_SETTINGS.visibleToasts}
        gap={TOASTER_SETTINGS.gap}
        style={{ "--width": `${TOASTER_SETTINGS.width}px` } as React.CSSProperties}
        richColors
        closeButton
      />
    </Suspense>
  );
}
