import type {} from "altcha/types/react";
import { useEffect, useRef, useState } from "react";
import type { CaptchaConfig } from "~/domains/accounts/captcha-config";
import { showToast } from "~/lib/toast";
import { CAPTCHA_FIELD } from "~/lib/form-fields";

export type CaptchaState = "unverified" | "verifying" | "verified" | "expired" | "error";

type Props = { config: CaptchaConfig; onStateChange: (state: CaptchaState) => void; resetKey?: unknown };

/** The captcha of the sign-up and reset forms; its answer goes in the `captcha` field, checked on the server. */
export function CaptchaField(props: Props) {
  return props.config.provider === "hcaptcha" ? <HCaptcha {...props} config={props.config} /> : <Altcha {...props} />;
}

/** Self-hosted ALTCHA proof of work, the default; the widget script loads in the browser only. */
function Altcha({ onStateChange, resetKey }: Props) {
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
      if (state === "expired")
        showToast({
          type: "warning",
          title: "Security verification expired",
          description: "Please complete the captcha again.",
        });
    };
    element.addEventListener("statechange", handler);
    void import("altcha");
    return () => {
      active = false;
      element.removeEventListener("statechange", handler);
    };
  }, []);

  // A used challenge cannot be answered again, so a failed submission fetches and solves a fresh one.
  useEffect(() => {
    if (resetKey === undefined) return;
    const widget = ref.current as (HTMLElement & { reset?: () => void; verify?: () => Promise<unknown> }) | null;
    widget?.reset?.();
    report.current("unverified");
    void widget?.verify?.();
  }, [resetKey]);

  return (
    <div className="min-h-16">
      <altcha-widget
        ref={ref}
        challenge="/api/captcha/challenge"
        auto="onload"
        name={CAPTCHA_FIELD}
        configuration={JSON.stringify({ hideFooter: true })}
      />
    </div>
  );
}

type HCaptchaApi = {
  render: (el: HTMLElement, options: Record<string, unknown>) => unknown;
  reset: (id?: unknown) => void;
};
const SCRIPT_LOAD_RETRIES = 2;

function loadScript(src: string, retriesLeft = SCRIPT_LOAD_RETRIES): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `${src}${src.includes("?") ? "&" : "?"}render=explicit`;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      if (retriesLeft > 0) loadScript(src, retriesLeft - 1).then(resolve, reject);
      else reject(new Error("captcha script failed to load"));
    };
    document.head.append(script);
  });
}

/** hCaptcha, when configured: explicit render, with the token copied into the `captcha` field. */
function HCaptcha({
  config,
  onStateChange,
  resetKey,
}: Props & { config: Extract<CaptchaConfig, { provider: "hcaptcha" }> }) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<unknown>(undefined);
  const [token, setToken] = useState("");
  const report = useRef(onStateChange);
  report.current = onStateChange;

  useEffect(() => {
    let cancelled = false;
    const existing = (window as { hcaptcha?: HCaptchaApi }).hcaptcha;
    (existing ? Promise.resolve() : loadScript(config.scriptUrl))
      .then(() => {
        const api = (window as { hcaptcha?: HCaptchaApi }).hcaptcha;
        if (cancelled || !api || !container.current) return;
        widget.current = api.render(container.current, {
          sitekey: config.siteKey,
          callback: (value: string) => {
            setToken(value);
            report.current("verified");
            showToast({ type: "success", title: "Security verification completed!" });
          },
          "expired-callback": () => {
            setToken("");
            report.current("expired");
            showToast({ type: "warning", title: "hCAPTCHA expired. Please verify again." });
          },
          "error-callback": () => {
            setToken("");
            report.current("error");
            showToast({ type: "error", title: "hCAPTCHA verification failed. Please try again." });
          },
        });
      })
      .catch(() => {
        report.current("error");
        showToast({ type: "error", title: "hCAPTCHA verification failed. Please try again." });
      });
    return () => {
      cancelled = true;
    };
  }, [config.scriptUrl, config.siteKey]);

  useEffect(() => {
    if (resetKey === undefined) return;
    (window as { hcaptcha?: HCaptchaApi }).hcaptcha?.reset(widget.current);
    setToken("");
    report.current("unverified");
  }, [resetKey]);

  return (
    <div className="min-h-16">
      <div ref={container} />
      <input type="hidden" name={CAPTCHA_FIELD} value={token} />
    </div>
  );
}
