import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { showToast } from "~/lib/toast";

/** How long the 'Copied' state lasts. */
export const COPIED_STATE_MS = 2000;

/** Copies `code` to the clipboard, saying "Copied" for a moment; a refused clipboard says how to copy by hand. */
export function CopyCodeButton({ code, label = "Copy" }: { code: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      showToast({
        type: "error",
        title: "Could not copy the code",
        description: "Select the code and copy it yourself.",
      });
      return;
    }
    setCopied(true);
    showToast({ type: "success", title: "Code copied to clipboard" });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_STATE_MS);
  }

  return (
    <Button type="button" variant="outline" onClick={copy} aria-live="polite">
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />} {copied ? "Copied" : label}
    </Button>
  );
}

/** A block of code to paste, scrollable and reachable by keyboard. */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  return (
    <section aria-label={label}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <pre tabIndex={0} className="max-h-72 overflow-auto rounded-md bg-muted p-3 text-xs leading-relaxed">
        <code data-testid={testId}>{code}</code>
      </pre>
    </section>
  );
}
