import { expect } from "@playwright/test";
import { E2E_INBOX_URL } from "../../support/e2e-ports";

export type Mail = { to: string[]; replyTo?: string; subject: string; text: string };

export async function inbox(): Promise<Mail[]> {
  return (await fetch(E2E_INBOX_URL)).json();
}

/** Waits for the newest mail to `to` whose subject contains `subject`. */
export async function waitForMail(to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await inbox()).filter((m) => m.to.includes(to) && m.subject.includes(subject)).at(-1);
        return Boolean(found);
      },
      // The inbox is a local JSON page: asked every 100 ms, a mail is seen as soon as it lands (expect.poll's
      // default backs off to one ask a second).
      { timeout: 15_000, intervals: [100] },
    )
    .toBe(true);
  return found!;
}

/** The first link of a mail on the app's origin. */
export function linkIn(mail: Mail): string {
  const url = /(http:\/\/127\.0\.0\.1:\d+\/[^\s>]+)/.exec(mail.text)?.[1];
  if (!url) throw new Error(`no link in mail "${mail.subject}"`);
  return url;
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}
