import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import { connectToaster } from "~/lib/toast";

/** The toasts' timing, count, size and place. */
export const TOASTER_SETTINGS = {
  duration: 4000,
  visibleToasts: 3,
  width: 356,
  gap: 14,
  position: "bottom-right",
} as const;

function Bridge() {
  useEffect(() => connectToaster(({ type, title, description }) => toast[type](title, { description })), []);
  return null;
}

/** The lazily loaded toaster; the bridge mounts after sonner's Toaster has subscribed. */
export default function ToasterClient() {
  return (
    <>
      <Toaster
        position={TOASTER_SETTINGS.position}
        duration={TOASTER_SETTINGS.duration}
        visibleToasts={TOASTER_SETTINGS.visibleToasts}
        gap={TOASTER_SETTINGS.gap}
        style={{ "--width": `${TOASTER_SETTINGS.width}px` } as React.CSSProperties}
        closeButton
      />
      <Bridge />
    </>
  );
}
