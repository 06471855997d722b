import type { Page } from "@playwright/test";
import { SESSION_COOKIE_PREFIX } from "~/server/http/session-cookie.server";
import { insertCreatorRows, signedCookieValue } from "../../support/creator-rows";
import { STRONG_PASSWORD } from "./accounts";
import { uniqueEmail } from "./mail";
import { E2E_AUTH_SECRET, workerApp } from "./worker-app";

export type CreatorOptions = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  storeName?: string;
  businessTypes?: string[];
  companySize?: string;
};

export type Creator = { id: string; email: string; password: string; firstName: string; storeName: string };

/**
 * A verified creator with a business profile and a password, made directly in the worker's database
 * (`insertCreatorRows`), whose signed session cookie is put in the page's browser context — the page is signed in
 * without driving the registration (registration and sign-in have their own tests). Removed with the worker's
 * database when the worker ends.
 */
export async function createCreator(page: Page, options: CreatorOptions = {}): Promise<Creator> {
  const app = workerApp();
  const creator = {
    email: options.email ?? uniqueEmail("creator"),
    password: options.password ?? STRONG_PASSWORD,
    firstName: options.firstName ?? "Ada",
    storeName: options.storeName ?? "Ada's Atelier",
  };
  const { id, sessionToken } = await insertCreatorRows(app.pool, {
    ...creator,
    lastName: options.lastName ?? "Lovelace",
    businessTypes: options.businessTypes,
    companySize: options.companySize,
    ip: "127.0.0.1",
    userAgent: "Playwright",
  });
  await page.context().addCookies([
    {
      name: `${SESSION_COOKIE_PREFIX}.session_token`,
      value: signedCookieValue(E2E_AUTH_SECRET, sessionToken),
      url: app.origin,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  return { id, ...creator };
}
