import { Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";

/** A read-only value with a Copy button, still selectable by hand without JavaScript. */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const [copied, setCopied] = useState<"" | "yes" | "no">("");
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} value={value} readOnly onFocus={(event) => event.currentTarget.select()} />
        <Button
          variant="outline"
          onClick={() => {
            navigator.clipboard.writeText(value).then(
              () => setCopied("yes"),
              () => setCopied("no"),
            );
          }}
        >
          <Copy aria-hidden="true" /> Copy<span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
        {copied === "yes"
          ? "Copied to the clipboard."
          : copied === "no"
            ? "Could not copy: select the address and copy it by hand."
            : ""}
      </p>
    </div>
  );
}
