import { RefreshCw } from "lucide-react";
import { Button } from "~/components/ui/button";
import { CodeBlock, CopyCodeButton } from "./copy-code-button";

/**
 * The buy-button snippet and its preview; Generate submits for a preview only without JavaScript, where it cannot
 * follow typing.
 */
export function BuyButtonCode({
  snippet,
  live,
  onGenerate,
}: {
  snippet: string;
  live: boolean;
  onGenerate: () => void;
}) {
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
      <CodeBlock code={snippet} label="HTML code of your buy button" testId="buy-button-snippet" />
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
        <CopyCodeButton code={snippet} />
      </div>
      <div>
        <h3 className="mb-2 text-sm font-medium">How it looks</h3>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the snippet is our own escaped HTML (buyButtonSnippet), never markup typed by the creator */}
        <div className="rounded-md border bg-white p-4 text-black" dangerouslySetInnerHTML={{ __html: snippet }} />
      </div>
    </section>
  );
}
