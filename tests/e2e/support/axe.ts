import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { expect } from "./test";

/**
 * axe-core's minified build, evaluated in the page once per document (it defines `window.axe`). @axe-core/playwright
 * evaluated the unminified build (1.5 MB) before every check; measured here, that injection was about 200 ms of
 * each check's 600–800 ms. `page.evaluate` runs outside the page's Content-Security-Policy, as the library did.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Toasts stacked behind the front one (Sonner's `data-index` ≥ 1) are drawn faded and covered while they
 * animate: axe measures the contrast of a half-hidden layer. The front toast (index 0) is checked as any text.
 */
const STACKED_TOASTS = '[data-index]:not([data-index="0"]) > [data-content]';

/** WCAG 2.1 A and AA, and axe's best practices. */
const RULE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * The rules whose answer a colour scheme can change. The dark theme restyles colours only (custom properties under
 * `prefers-color-scheme: dark` in app.css: no element is shown, hidden or moved by it), so on a page already
 * checked in the light theme every other rule would answer exactly as it did there.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * axe-core with the WCAG 2.1 A/AA and best-practice rules: no violation on the page as it is now. `colours`:
 * only the colour rules, for the same page in the other colour scheme once it has passed every rule.
 */
export async function expectNoViolations(page: Page, { colours = false }: { colours?: boolean } = {}) {
  // The page as a person reads it: after its transitions (a toast fading in is measured at half opacity
  // otherwise). Endless animations (spinners) are not waited for; after 5 s the check runs anyway.
  // Settled means so for 300 ms on end: a toast raised by the render just seen mounts a few frames later.
  await page.evaluate(async () => {
    const settled = () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ) &&
      [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")].every(
        (toast) => toast.dataset.mounted === "true" && getComputedStyle(toast).opacity === "1",
      );
    const until = performance.now() + 5_000;
    let since = performance.now();
    while (performance.now() < until) {
      await new Promise((frame) => requestAnimationFrame(frame));
      if (!settled()) since = performance.now();
      else if (performance.now() - since >= 300) return;
    }
  });
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(`${AXE_SOURCE};undefined`);
  const options: RunOptions = {
    runOnly: colours ? { type: "rule", values: COLOUR_RULES } : { type: "tag", values: RULE_TAGS },
    // Only the violations are read: the passes and the rest are reported by one node each.
    resultTypes: ["violations"],
  };
  const results = (await page.evaluate(
    ([exclude, options]) =>
      (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe.run(
        { exclude },
        options,
      ),
    [[STACKED_TOASTS], options as Record<string, unknown>] as const,
  )) as Pick<AxeResults, "violations">;
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}

/**
 * The page in both colour schemes: every rule in the light theme, then the colour rules in the dark one (a
 * `prefers-color-scheme` media query, so switching the emulated scheme restyles the loaded page). Ends in light.
 */
export async function expectNoViolationsInBothThemes(page: Page) {
  await page.emulateMedia({ colorScheme: "light" });
  await expectNoViolations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoViolations(page, { colours: true });
  await page.emulateMedia({ colorScheme: "light" });
}
