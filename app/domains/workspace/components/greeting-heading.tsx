import { useSyncExternalStore } from "react";
import { greetingFixScript, greetingText } from "~/domains/workspace/greeting";
import { useNonce } from "~/lib/nonce";

const GREETING_ID = "dashboard-greeting";
const RECHECK_MS = 60_000;

function everyMinute(onChange: () => void) {
  const timer = setInterval(onChange, RECHECK_MS);
  return () => clearInterval(timer);
}

/**
 * The greeting by local time. The server renders it for the zone the browser reported; a tiny
 * nonced script right after the heading corrects it from the browser's own clock before the first paint;
 * once hydrated it follows the clock (past 12:00 and 18:00 while the page stays open).
 */
export function GreetingHeading({ serverText, firstName }: { serverText: string; firstName: string | null }) {
  const nonce = useNonce();
  const text = useSyncExternalStore(
    everyMinute,
    () => greetingText(new Date().getHours(), firstName),
    () => serverText,
  );
  return (
    <>
      <h1
        id={GREETING_ID}
        data-first-name={firstName?.trim() || undefined}
        className="text-2xl font-bold tracking-tight sm:text-3xl"
        suppressHydrationWarning
      >
        {text}
      </h1>
      <script
        nonce={nonce || undefined}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours (no user data), allowed by the page's CSP nonce
        dangerouslySetInnerHTML={{ __html: greetingFixScript(GREETING_ID) }}
      />
    </>
  );
}
