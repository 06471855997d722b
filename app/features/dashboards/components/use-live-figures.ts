import { useEffect, useRef, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { useEventStream } from "~/lib/use-event-stream";

/** The signed-in seller's order changes (app/routes/api-order-changes.ts). */
export const ORDER_CHANGES_STREAM = "/api/orders/changes";
/** Changes arriving together (a burst of purchases) are re-read once. */
export const LIVE_FIGURES_DEBOUNCE_MS = 300;

/**
 * Keeps a page's figures live (issue 16.6): when one of the seller's orders is paid, refunded or disputed, on any
 * instance, the page's loaders run again (the same reads as a reload, with the session check), at most once per
 * LIVE_FIGURES_DEBOUNCE_MS. After a dropped connection the stream comes back by itself and the page re-reads.
 * Returns whether the stream is open now (pages mark it as `data-live` on what it keeps live).
 */
export function useLiveFigures(enabled = true): boolean {
  const [connected, setConnected] = useState(false);
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const navigating = useRef(false);
  navigating.current = navigation.state !== "idle";
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEventStream(
    ORDER_CHANGES_STREAM,
    {
      "order-changed": () => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          if (!navigating.current) void revalidate();
        }, LIVE_FIGURES_DEBOUNCE_MS);
      },
    },
    { enabled, onConnected: setConnected },
  );
  return connected;
}
