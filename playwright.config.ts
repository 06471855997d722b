import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./tests/support/chromium";
import {
  E2E_APP_PORT as APP_PORT,
  E2E_HCAPTCHA,
  E2E_HCAPTCHA_APP_PORT,
  E2E_HCAPTCHA_PORT,
  E2E_MAIL_HTTP_PORT as MAIL_HTTP_PORT,
  E2E_OIDC_CLIENT,
  E2E_OIDC_PORT,
  E2E_SMTP_PORT as MAIL_SMTP_PORT,
} from "./tests/support/e2e-ports";

// Kept in the environment so that the workers (tests/e2e/support/app-database.ts) find the app's database too.
process.env.E2E_DATA_DIR ??= `/tmp/sellkit-e2e-${process.pid}`;
const DATA_DIR = process.env.E2E_DATA_DIR;
const HCAPTCHA_DATA_DIR = `${DATA_DIR}-hcaptcha`;

type WebServer = { command: string; url: string; env: Record<string, string>; reuseExistingServer: false; stdout?: "ignore"; timeout?: number };

/** A local stand-in (SMTP, OpenID, hCaptcha) run with tsx. */
function standIn(script: string, url: string, env: Record<string, string>): WebServer {
  return { command: `npx tsx tests/support/${script}`, url, env, reuseExistingServer: false, stdout: "ignore" };
}

/** The production build on `port` with a fresh data folder, mail to the local SMTP stand-in. */
function appServer(port: number, dataDir: string, env: Record<string, string>): WebServer {
  return {
    command: `rm -rf ${dataDir} && node build/runtime/main.js`,
    url: `http://127.0.0.1:${port}/robots.txt`,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
      LOG_LEVEL: "warn",
      ...env,
    },
    reuseExistingServer: false,
    timeout: 60_000,
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    trace: "retain-on-failure",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } } }],
  webServer: [
    standIn("run-mail-catcher.ts", `http://127.0.0.1:${MAIL_HTTP_PORT}/messages`, {
      MAIL_SMTP_PORT: String(MAIL_SMTP_PORT),
      MAIL_HTTP_PORT: String(MAIL_HTTP_PORT),
    }),
    standIn("run-oidc-provider.ts", `http://127.0.0.1:${E2E_OIDC_PORT}/.well-known/openid-configuration`, {
      OIDC_PORT: String(E2E_OIDC_PORT),
      OIDC_CLIENT_ID: E2E_OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: E2E_OIDC_CLIENT.secret,
      APP_ORIGIN: `http://127.0.0.1:${APP_PORT}`,
    }),
    standIn("run-hcaptcha-stand-in.ts", `http://127.0.0.1:${E2E_HCAPTCHA_PORT}/1/api.js`, {
      HCAPTCHA_PORT: String(E2E_HCAPTCHA_PORT),
      HCAPTCHA_SECRET: E2E_HCAPTCHA.secret,
    }),
    // The app under test (on PostgreSQL when DATABASE_URL is set), with Google pointed at the local OpenID provider.
    appServer(APP_PORT, DATA_DIR, {
      SUPPORT_EMAIL: "support@sellkit.test",
      TRUSTED_PROXIES: "loopback",
      GOOGLE_CLIENT_ID: E2E_OIDC_CLIENT.id,
      GOOGLE_CLIENT_SECRET: E2E_OIDC_CLIENT.secret,
      GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${E2E_OIDC_PORT}/.well-known/openid-configuration`,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    }),
    // A second instance whose captcha is hCaptcha (the local stand-in).
    appServer(E2E_HCAPTCHA_APP_PORT, HCAPTCHA_DATA_DIR, {
      CAPTCHA_PROVIDER: "hcaptcha",
      HCAPTCHA_SITE_KEY: E2E_HCAPTCHA.siteKey,
      HCAPTCHA_SECRET: E2E_HCAPTCHA.secret,
      HCAPTCHA_SCRIPT_URL: `http://127.0.0.1:${E2E_HCAPTCHA_PORT}/1/api.js`,
      HCAPTCHA_VERIFY_URL: `http://127.0.0.1:${E2E_HCAPTCHA_PORT}/siteverify`,
    }),
  ],
});
