import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { createBarcodeReader } from "./barcode-reader";

/** How often a video frame is read for a barcode. */
const READ_EVERY_MS = 250;

/** Words for why the camera did not start, from the getUserMedia error's name. */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return "Camera permission was refused. Allow the camera in the browser's site settings, or type the barcode.";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "NoCamera")
    return "No camera was found on this device. Type the barcode or use a scanner.";
  if (name === "NotReadableError") return "The camera is in use by another app. Close it and try again.";
  return "The camera could not start. Type the barcode or use a scanner.";
}

/**
 * The camera's dialog, open while mounted: the back camera read for EAN-13, UPC-A and Code 128 until a code is found.
 * `onCode` answers whether the code was a product; the dialog closes on one, and `onClose` unmounts it.
 */
export function CameraScanner({ onCode, onClose }: { onCode: (code: string) => boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState("Starting the camera…");
  const [problem, setProblem] = useState("");

  useEffect(() => dialog.current?.showModal(), []);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer = 0;
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException("No camera API", "NoCamera");
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch (error) {
        if (!stopped) setProblem(cameraProblem(error));
        return;
      }
      if (stopped) return stop();
      const element = video.current;
      if (!element) return stop();
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      let reader: Awaited<ReturnType<typeof createBarcodeReader>>;
      try {
        reader = await createBarcodeReader();
      } catch {
        if (!stopped) setProblem("The barcode reader could not start. Type the barcode or use a scanner.");
        return stop();
      }
      setStatus("Point the camera at a barcode.");
      const read = async () => {
        if (stopped) return;
        const found = element.readyState >= 2 ? await reader.detect(element).catch(() => []) : [];
        const code = found[0]?.rawValue;
        if (code && !stopped) {
          if (onCode(code)) return dialog.current?.close();
          setStatus(`No product has the barcode ${code}.`);
        }
        timer = window.setTimeout(() => void read(), READ_EVERY_MS);
      };
      void read();
    })();
    return stop;
  }, [onCode]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="pos-camera-title"
      className="m-auto w-[min(28rem,94vw)] rounded-lg p-4 backdrop:bg-black/40"
      onClose={onClose}
    >
      <h2 id="pos-camera-title" className="text-lg font-semibold">
        Scan a barcode
      </h2>
      {problem ? (
        <p role="alert" className="mt-3 text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : (
        <>
          <video ref={video} muted playsInline className="mt-3 aspect-video w-full rounded-md bg-black object-cover" />
          <p aria-live="polite" className="mt-2 text-sm">
            {status}
          </p>
        </>
      )}
      <Button variant="ghost" className="mt-3" onClick={() => dialog.current?.close()}>
        Close
      </Button>
    </dialog>
  );
}
