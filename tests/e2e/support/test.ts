import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";

let counter = 0;

/**
 * Each test is its own client: the app trusts X-Forwarded-For from loopback (TRUSTED_PROXIES in the
 * Playwright config), so per-IP rate limits count per test, as they would per visitor.
 */
export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    counter += 1;
    const ip = `198.51.${(testInfo.workerIndex % 200) + 1}.${(counter % 250) + 1}`;
    await context.setExtraHTTPHeaders({ "x-forwarded-for": ip });
    await use(context);
  },
});
