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

const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/sellkit-e2e-${process.pid}`;
const HCAPTCHA_DATA_DIR = `${DATA_DIR}-hcaptcha`;

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
    {
      command: "npx tsx tests/support/run-mail-catcher.ts",
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/messages`,
      env: { MAIL_SMTP_PORT: String(MAIL_SMTP_PORT), MAIL_HTTP_PORT: String(MAIL_HTTP_PORT) },
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: "npx tsx tests/support/run-oidc-provider.ts",
      url: `http://127.0.0.1:${E2E_OIDC_PORT}/.well-known/openid-configuration`,
      env: { OIDC_PORT: String(E2E_OIDC_PORT), OIDC_CLIENT_ID: E2E_OIDC_CLIENT.id, OIDC_CLIENT_SECRET: E2E_OIDC_CLIENT.secret, APP_ORIGIN: `http://127.0.0.1:${APP_PORT}` },
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: `rm -rf ${DATA_DIR} && node build/runtime/main.js`,
      url: `http://127.0.0.1:${APP_PORT}/robots.txt`,
      env: {
        PORT: String(APP_PORT),
        HOST: "127.0.0.1",
        APP_URL: `http://127.0.0.1:${APP_PORT}`,
        DATA_DIR,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        SUPPORT_EMAIL: "support@sellkit.test",
        TRUSTED_PROXIES: "loopback",
        GOOGLE_CLIENT_ID: E2E_OIDC_CLIENT.id,
        GOOGLE_CLIENT_SECRET: E2E_OIDC_CLIENT.secret,
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${E2E_OIDC_PORT}/.well-known/openid-configuration`,
        LOG_LEVEL: "warn",
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: "npx tsx tests/support/run-hcaptcha-stand-in.ts",
      url: `http://127.0.0.1:${E2E_HCAPTCHA_PORT}/1/api.js`,
      env: { HCAPTCHA_PORT: String(E2E_HCAPTCHA_PORT), HCAPTCHA_SECRET: E2E_HCAPTCHA.secret },
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: `rm -rf ${HCAPTCHA_DATA_DIR} && node build/runtime/main.js`,
      url: `http://127.0.0.1:${E2E_HCAPTCHA_APP_PORT}/robots.txt`,
      env: {
        PORT: String(E2E_HCAPTCHA_APP_PORT),
        HOST: "127.0.0.1",
        APP_URL: `http://127.0.0.1:${E2E_HCAPTCHA_APP_PORT}`,
        DATA_DIR: HCAPTCHA_DATA_DIR,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        LOG_LEVEL: "warn",
        CAPTCHA_PROVIDER: "hcaptcha",
        HCAPTCHA_SITE_KEY: E2E_HCAPTCHA.siteKey,
        HCAPTCHA_SECRET: E2E_HCAPTCHA.secret,
        HCAPTCHA_SCRIPT_URL: `http://127.0.0.1:${E2E_HCAPTCHA_PORT}/1/api.js`,
        HCAPTCHA_VERIFY_URL: `http://127.0.0.1:${E2E_HCAPTCHA_PORT}/siteverify`,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
