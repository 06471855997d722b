import { Camera } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { CameraScanner } from "./on-demand";

/** "Scan" on a phone: opens the camera's dialog, whose code loads on the first press. */
export function ScanButton({ onCode }: { onCode: (code: string) => boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <Camera aria-hidden="true" /> Scan
      </Button>
      {open ? <CameraScanner onCode={onCode} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
