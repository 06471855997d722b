import { type ComponentType, lazy, memo, Suspense, useEffect, useState } from "react";

// The parts of the point of sale a first cash sale does not need, each in a chunk of its own: the page's own script
// stays small. Each loads when it is first shown; the forms shown on arrival wait until the page is interactive.

const PARTS = {
  cameraScanner: () => import("./camera-scanner").then((m) => m.CameraScanner),
  cardReaderSettings: () => import("./card-reader-settings").then((m) => m.CardReaderSettings),
  connectedPayment: () => import("./connected-payment").then((m) => m.ConnectedPayment),
  drawerForms: () => import("./drawer-forms").then((m) => m.DrawerForms),
  discountCodeField: () => import("./discount-code-field").then((m) => m.DiscountCodeField),
  eventPicker: () => import("./event-picker").then((m) => m.EventPicker),
  returnsPanel: () => import("./returns-panel").then((m) => m.ReturnsPanel),
  saleDone: () => import("./sale-done").then((m) => m.SaleDone),
  splitParts: () => import("./split-parts").then((m) => m.SplitParts),
};

/** What shows while a part loads: a short status a screen reader announces. */
function Loading() {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      Loading…
    </p>
  );
}

/**
 * A part behind its own Suspense boundary. `afterHydration`: not rendered on the server, so no form is shown that
 * cannot take input yet. Memoised: re-rendered while its chunk loads, a server-rendered part would lose its HTML.
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, { afterHydration = false } = {}) {
  const Part = lazy(async () => ({ default: await load() }));
  return memo(function OnDemand(props: P) {
    const [hydrated, setHydrated] = useState(false);
    useEffect(() => setHydrated(true), []);
    if (afterHydration && !hydrated) return null;
    return (
      <Suspense fallback={<Loading />}>
        <Part {...props} />
      </Suspense>
    );
  });
}

export const CameraScanner = onDemand(PARTS.cameraScanner);
export const CardReaderSettings = onDemand(PARTS.cardReaderSettings, { afterHydration: true });
export const ConnectedPayment = onDemand(PARTS.connectedPayment);
export const DiscountCodeField = onDemand(PARTS.discountCodeField);
export const DrawerForms = onDemand(PARTS.drawerForms, { afterHydration: true });
export const EventPicker = onDemand(PARTS.eventPicker);
export const ReturnsPanel = onDemand(PARTS.returnsPanel, { afterHydration: true });
export const SaleDone = onDemand(PARTS.saleDone);
export const SplitParts = onDemand(PARTS.splitParts);

/** Loads every part, so that the service worker keeps them too and each opens offline. */
export function loadOnDemandParts(): Promise<unknown> {
  return Promise.all(Object.values(PARTS).map((load) => load()));
}
