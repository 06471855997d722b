import { useEffect, useRef, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { useEventStream } from "~/lib/use-event-stream";

/** The event stream of the signed-in seller's order changes. */
export const ORDER_CHANGES_STREAM = "/api/orders/changes";
/** Changes arriving together (a burst of purchases) are re-read once. */
export const LIVE_FIGURES_DEBOUNCE_MS = 300;

/** Reruns a page's loaders when the seller's orders change; returns whether the stream is open. */
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
