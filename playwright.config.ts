import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./tests/support/chromium";
import {
  E2E_ERROR_REPORTS_PORT,
  E2E_ERROR_REPORTS_URL,
  E2E_HCAPTCHA,
  E2E_HCAPTCHA_PORT,
  E2E_MAIL_HTTP_PORT as MAIL_HTTP_PORT,
  E2E_OIDC_CLIENT,
  E2E_OIDC_PORT,
  E2E_SMTP_PORT as MAIL_SMTP_PORT,
  E2E_WORKERS,
  e2eAppPort,
} from "./tests/support/e2e-ports";

/** Playwright's trace of each test: off unless asked for (E2E_TRACE=retain-on-failure, on). */
const TRACE_MODES = ["off", "on", "retain-on-failure"] as const;
const E2E_TRACE = TRACE_MODES.find((mode) => mode === process.env.E2E_TRACE) ?? "off";

/** Each worker runs its own app server (tests/e2e/support/worker-app.ts) on its own port and database. */
const WORKER_ORIGINS = Array.from({ length: E2E_WORKERS }, (_, slot) => `http://127.0.0.1:${e2eAppPort(slot)}`);

type WebServer = {
  command: string;
  url: string;
  env: Record<string, string>;
  reuseExistingServer: false;
  stdout?: "ignore";
};

/** A local stand-in (SMTP, OpenID, hCaptcha) run with tsx's loader in one Node process (no npx, no tsx CLI process). */
function standIn(script: string, url: string, env: Record<string, string>): WebServer {
  return {
    command: `node --import tsx tests/support/${script}`,
    url,
    env,
    reuseExistingServer: false,
    stdout: "ignore",
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  // A hang detector, not a speed budget (that is the whole suite's, issue 12): long flows (several sign-ins, 2FA
  // set-up) take 15–20 s on an idle 2-core machine and over 30 s on a loaded one, as CI's run of stop 22 showed.
  timeout: 60_000,
  // A wait for what a person sees next: on a loaded 2-core machine a client navigation (route module, loader,
  // render) once took over 5 s (CI's run of stop 46, tests/e2e/payments.spec.ts), so assertions wait up to 10 s.
  expect: { timeout: 10_000 },
  // baseURL is each worker's own app (the `app` fixture in tests/e2e/support/test.ts).
  // No trace unless asked for (E2E_TRACE=retain-on-failure or on): recording one for every test (to keep it only
  // on failure) cost about a fifth of the browser suite's CPU here, and CI keeps nothing but its log.
  use: { trace: E2E_TRACE },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } },
    },
  ],
  webServer: [
    standIn("run-mail-catcher.ts", `http://127.0.0.1:${MAIL_HTTP_PORT}/messages`, {
      MAIL_SMTP_PORT: String(MAIL_SMTP_PORT),
      MAIL_HTTP_PORT: String(MAIL_HTTP_PORT),
    }),
    standIn("run-oidc-provider.ts", `http://127.0.0.1:${E2E_OIDC_PORT}/.well-known/openid-configuration`, {
      OIDC_PORT: String(E2E_OIDC_PORT),
      OIDC_CLIENT_ID: E2E_OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: E2E_OIDC_CLIENT.secret,
      APP_ORIGINS: WORKER_ORIGINS.join(","),
    }),
    standIn("run-hcaptcha-stand-in.ts", `http://127.0.0.1:${E2E_HCAPTCHA_PORT}/1/api.js`, {
      HCAPTCHA_PORT: String(E2E_HCAPTCHA_PORT),
      HCAPTCHA_SECRET: E2E_HCAPTCHA.secret,
    }),
    standIn("run-error-report-stand-in.ts", E2E_ERROR_REPORTS_URL, {
      ERROR_REPORTS_PORT: String(E2E_ERROR_REPORTS_PORT),
    }),
  ],
});
