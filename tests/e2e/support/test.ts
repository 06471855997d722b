import { test as base } from "@playwright/test";
import { type AppServer, startHCaptchaApp, startWorkerApp, type WorkerApp } from "./worker-app";

export { expect } from "@playwright/test";

let counter = 0;

/**
 * Each test is its own client: the app trusts X-Forwarded-For from loopback (TRUSTED_PROXIES in the
 * Playwright config), so per-IP rate limits count per test, as they would per visitor.
 */
// biome-ignore lint/complexity/noBannedTypes: Playwright's own notation for "no test-scoped fixtures added".
export const test = base.extend<{}, { app: WorkerApp; hcaptchaApp: AppServer }>({
  /** This worker's own app server and database (started once per worker, stopped when it ends). */
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use, workerInfo) => {
      const app = await startWorkerApp(workerInfo.parallelIndex);
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  /**
   * The second app instance (CAPTCHA_PROVIDER=hcaptcha against the local stand-in, no Google client), started
   * in the worker of the first test that asks for it, on its own copy of the template database.
   */
  hcaptchaApp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use, workerInfo) => {
      const app = await startHCaptchaApp(workerInfo.parallelIndex);
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ app }, use) => {
    await use(app.origin);
  },
  context: async ({ context }, use, testInfo) => {
    counter += 1;
    const ip = `198.51.${(testInfo.workerIndex % 200) + 1}.${(counter % 250) + 1}`;
    await context.setExtraHTTPHeaders({ "x-forwarded-for": ip });
    await use(context);
  },
  /**
   * Hydration starts after the first paint (decision 007): `goto` also waits until a page that hydrates is
   * interactive, as a person would before typing. Pages without scripts return at once.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled === false) return response;
      await page.waitForFunction(
        () =>
          document.documentElement.dataset.hydrated === "true" ||
          !document.querySelector('script[type="text/sellkit-module"], script[type="module"]'),
        undefined,
        { timeout: 15_000 },
      );
      return response;
    };
    await use(page);
  },
});
