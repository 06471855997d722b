import { Check, Copy, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { showToast } from "~/lib/toast";

/** How long the 'Copied' state lasts. */
export const COPIED_STATE_MS = 2000;

/** The buy-button snippet and its preview; Generate submits for a preview only without JavaScript, where it cannot follow typing. */
export function BuyButtonCode({
  snippet,
  live,
  onGenerate,
}: {
  snippet: string;
  live: boolean;
  onGenerate: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
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
    <section aria-labelledby="buy-button-code-title" className="grid gap-3 rounded-lg border bg-card p-4">
      <h2 id="buy-button-code-title" className="text-lg font-semibold">
        Your button code
      </h2>
      {live ? (
        <p className="text-sm text-muted-foreground">
          Paste this HTML into your website where the button should appear.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground" id="buy-button-not-live">
          Preview only: the link becomes live once you save.
        </p>
      )}
      <section aria-label="HTML code of your buy button">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
        <pre tabIndex={0} className="max-h-72 overflow-auto rounded-md bg-muted p-3 text-xs leading-relaxed">
          <code data-testid="buy-button-snippet">{snippet}</code>
        </pre>
      </section>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          name="intent"
          value="preview"
          formNoValidate
          variant="outline"
          onClick={(event) => {
            event.preventDefault();
            onGenerate();
          }}
        >
          <RefreshCw aria-hidden="true" /> Generate
        </Button>
        <Button type="button" variant="outline" onClick={copy} aria-live="polite">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />} {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-medium">How it looks</h3>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the snippet is our own escaped HTML (buyButtonSnippet), never markup typed by the creator */}
        <div className="rounded-md border bg-white p-4 text-black" dangerouslySetInnerHTML={{ __html: snippet }} />
      </div>
    </section>
  );
}
