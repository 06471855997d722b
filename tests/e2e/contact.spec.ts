import { expect, test } from "./support/test";
import { E2E_INBOX_URL } from "../support/e2e-ports";

type Mail = { to: string[]; replyTo?: string; subject: string; text: string };

async function inbox(): Promise<Mail[]> {
  return (await fetch(E2E_INBOX_URL)).json();
}

test("the contact form validates as the visitor types, sends, and the mail reaches support", async ({ page }) => {
  const subject = `Payout timing ${Date.now()}`;
  await page.goto("/contact");
  const name = page.getByLabel("Name");
  const email = page.getByLabel("Email");

  await email.fill("ada@");
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await email.fill("ada@example.com");
  await expect(page.getByText("Please enter a valid email address")).toBeHidden();

  await name.fill("A");
  await name.fill("");
  await expect(page.getByText("Please enter your name")).toBeVisible();

  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please enter a subject")).toBeVisible();
  await expect(page.getByText("Please enter your message")).toBeVisible();
  await expect(email).toHaveValue("ada@example.com"); // nothing typed is lost

  await name.fill("Ada Lovelace");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("When do payouts arrive after a sale?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your message!" })).toBeVisible();
  await expect(page.getByText("We'll get back to you within 1-2 business days.")).toBeVisible();

  await expect.poll(async () => (await inbox()).find((m) => m.subject === `[Contact] ${subject}`)).toBeTruthy();
  const mail = (await inbox()).find((m) => m.subject === `[Contact] ${subject}`)!;
  expect(mail.to).toEqual(["support@sellkit.test"]);
  expect(mail.replyTo).toContain("ada@example.com");
  expect(mail.text).toContain("When do payouts arrive after a sale?");
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form still validates on the server and sends", async ({ page }) => {
    const subject = `No-JS ${Date.now()}`;
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Grace Hopper");
    await page.getByLabel("Email").fill("grace@example.com");
    await page.getByLabel("Subject").fill(subject);
    // Required-field checks of the browser are bypassed to reach the server's validation.
    await page.locator("form#contact").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter your message")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("grace@example.com");
    await page.getByLabel("Message").fill("Sent without JavaScript.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your message!" })).toBeVisible();
    await expect.poll(async () => (await inbox()).some((m) => m.subject === `[Contact] ${subject}`)).toBe(true);
  });

  test("menus and tabs work, and static pages load no script", async ({ page }) => {
    await page.goto("/learn");
    await expect(page.locator("script")).toHaveCount(0);
    await page.getByRole("navigation", { name: "Main" }).getByText("Company", { exact: true }).click();
    await expect(page.getByRole("link", { name: "Contact" }).first()).toBeVisible();
    await page.getByRole("radio", { name: "Benefits" }).click();
    await expect(page.getByRole("heading", { name: "Automatic delivery" })).toBeVisible();
  });
});
