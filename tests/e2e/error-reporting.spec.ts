import { E2E_ERROR_REPORTS_URL } from "../support/e2e-ports";
import { eventOf, type ReceivedEnvelope } from "../support/error-report-stand-in";
import { expect, test } from "./support/test";

async function envelopesMentioning(marker: string): Promise<ReceivedEnvelope[]> {
  const all = (await (await fetch(E2E_ERROR_REPORTS_URL)).json()) as ReceivedEnvelope[];
  return all.filter((envelope) => envelope.raw.includes(marker));
}

test("the page's unhandled errors and rejections reach the error-reporting service, scrubbed", async ({ page }) => {
  const marker = `marker${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  await page.goto("/signup?token=query-secret");
  await expect(page.locator('meta[name="error-reporting-dsn"]')).toHaveAttribute(
    "content",
    /^http:\/\/stand-in-key@127\.0\.0\.1:\d+\/42$/,
  );
  await page.evaluate((mark) => {
    setTimeout(() => {
      throw new Error(`${mark} thrown for ada@example.com with password=hunter2`);
    });
    void Promise.reject(new Error(`${mark} rejected, token: tok-123`));
  }, marker);

  await expect.poll(async () => (await envelopesMentioning(marker)).length, { timeout: 10_000 }).toBe(2);
  const envelopes = await envelopesMentioning(marker);
  const events = envelopes.map((envelope) => eventOf(envelope)!);
  expect(events.map((event) => event.exception.values[0]!.mechanism.type).sort()).toEqual([
    "onerror",
    "onunhandledrejection",
  ]);
  for (const [index, event] of events.entries()) {
    expect(event.platform).toBe("javascript");
    expect(event.request?.url).toMatch(/\/signup$/);
    expect(envelopes[index]!.sentryKey).toBe("stand-in-key");
    expect(envelopes[index]!.raw).not.toMatch(/ada@example\.com|hunter2|tok-123|query-secret/);
  }
  expect(events.map((event) => event.exception.values[0]!.value).sort()).toEqual([
    `${marker} rejected, token: [Filtered]`,
    `${marker} thrown for [email] with password=[Filtered]`,
  ]);
});
