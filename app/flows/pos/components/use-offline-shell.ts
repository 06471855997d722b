import { useEffect } from "react";
import { loadOnDemandParts } from "./on-demand";

/** The point of sale's service worker and the part of the site it keeps working offline. */
const WORKER_URL = "/pos-sw.js";
const WORKER_SCOPE = "/tools/";

/**
 * Installs the point of sale's service worker and hands it what this page loaded (document, scripts, styles, covers).
 * It does so again whenever `snapshot` (the loader's data) changes, so an offline reload opens the point of sale as it
 * last was.
 */
export function useOfflineShell(snapshot: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new page data is exactly when the document is kept again.
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let cancelled = false;
    navigator.serviceWorker
      .register(WORKER_URL, { scope: WORKER_SCOPE })
      // The parts the page loads on demand are loaded now, so the worker keeps them and they open offline too.
      .then(() => Promise.all([navigator.serviceWorker.ready, loadOnDemandParts().catch(() => undefined)]))
      .then(([registration]) => {
        if (cancelled) return;
        const loaded = performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => {
            const url = new URL(name);
            return (
              url.origin === location.origin &&
              (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/covers/"))
            );
          });
        registration.active?.postMessage({ type: "keep", urls: [location.pathname, ...loaded] });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [snapshot]);
}
