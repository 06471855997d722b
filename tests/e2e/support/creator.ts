import type { Page } from "@playwright/test";
import { solvedCaptcha } from "../../support/captcha";
import { STRONG_PASSWORD } from "./accounts";
import { linkIn, uniqueEmail, waitForMail } from "./mail";
import { expect } from "./test";

export type CreatorOptions = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  storeName?: string;
  businessTypes?: string[];
  companySize?: string;
};

export type Creator = { email: string; password: string; firstName: string; storeName: string };

/**
 * A verified creator with a business profile, made through the app's own HTTP endpoints (register,
 * verification link, step 2) with the page's cookie jar: the page ends signed in, without driving the forms.
 */
export async function createCreator(page: Page, options: CreatorOptions = {}): Promise<Creator> {
  if (page.url() === "about:blank") await page.goto("/robots.txt");
  const origin = new URL(page.url()).origin;
  const creator = {
    email: options.email ?? uniqueEmail("creator"),
    password: options.password ?? STRONG_PASSWORD,
    firstName: options.firstName ?? "Ada",
    storeName: options.storeName ?? "Ada's Atelier",
  };
  const headers = { origin };
  const registered = await page.request.post("/auth?tab=register", {
    headers,
    maxRedirects: 0,
    form: {
      intent: "register",
      firstName: creator.firstName,
      lastName: options.lastName ?? "Lovelace",
      email: creator.email,
      dateOfBirth: "1990-12-10",
      password: creator.password,
      confirmPassword: creator.password,
      captcha: await solvedCaptcha(origin),
    },
  });
  expect(registered.status(), "register").toBe(302);
  const verified = await page.request.get(linkIn(await waitForMail(creator.email, "Verify your email")));
  expect(verified.ok(), "verification link").toBe(true);

  const form = new FormData();
  const fields: [string, string][] = [
    ["intent", "business-profile"],
    ["phone", "+1 555 123 4567"],
    ["storeName", creator.storeName],
    ["businessDescription", "Hand-drawn templates and guides for makers."],
    ["targetCustomers", "Small craft businesses"],
    ["termsAccepted", "on"],
    ...(options.businessTypes ?? ["online_store"]).map((type): [string, string] => ["businessTypes", type]),
    ...(options.companySize ? [["companySize", options.companySize] as [string, string]] : []),
  ];
  for (const [name, value] of fields) form.append(name, value);
  const profile = await page.request.post("/auth?tab=register&step=2", { headers, multipart: form });
  expect(profile.ok(), "business profile").toBe(true);
  return creator;
}
