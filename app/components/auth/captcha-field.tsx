import type {} from "altcha/types/react";
import { useEffect, useRef } from "react";
import { showToast } from "~/lib/toast";

export type CaptchaState = "unverified" | "verifying" | "verified" | "expired" | "error";

/**
 * The self-hosted ALTCHA proof-of-work captcha. It adds a hidden `altcha` field to the enclosing form;
 * the server verifies it (signature, expiry, single use). The widget script loads in the browser only.
 */
export function CaptchaField({ onStateChange, resetKey }: { onStateChange: (state: CaptchaState) => void; resetKey?: unknown }) {
  const ref = useRef<HTMLElement>(null);
  const report = useRef(onStateChange);
  report.current = onStateChange;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let active = true;
    const handler = (event: Event) => {
      const state = (event as CustomEvent<{ state: CaptchaState }>).detail?.state;
      if (!state || !active) return;
      report.current(state);
      if (state === "verified") showToast({ type: "success", title: "Security verification completed!" });
      if (state === "expired") showToast({ type: "warning", title: "Security verification expired: Please complete the captcha again." });
    };
    element.addEventListener("statechange", handler);
    void import("altcha");
    return () => {
      active = false;
      element.removeEventListener("statechange", handler);
    };
  }, []);

  // A new challenge after a failed submission: the old one may have been used.
  useEffect(() => {
    if (resetKey === undefined) return;
    (ref.current as (HTMLElement & { reset?: () => void }) | null)?.reset?.();
    report.current("unverified");
  }, [resetKey]);

  return (
    <div className="min-h-16">
      <altcha-widget ref={ref} challenge="/api/captcha/challenge" auto="onload" name="altcha" configuration={JSON.stringify({ hideFooter: true })} />
    </div>
  );
}
