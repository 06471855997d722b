import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import { SESSION_COOKIE_PREFIX } from "~/server/http/session-cookie.server";
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

/** How long the made session lives, as better-auth's default (7 days). */
const SESSION_DAYS = 7;

/** Password hashes are slow on purpose (scrypt): the same password is hashed once per worker. */
const hashes = new Map<string, Promise<string>>();

/** better-call's signed cookie value: `token.base64(HMAC-SHA256(secret, token))`, URL-encoded. */
function signedCookieValue(token: string): string {
  const signature = createHmac("sha256", E2E_AUTH_SECRET).update(token).digest("base64");
  return encodeURIComponent(`${token}.${signature}`);
}

/**
 * A verified creator with a business profile and a password, made directly in the worker's database (as the
 * Epic Stack's `login` fixture does): the user, its profile and business profile, the credential account and
 * a session, whose signed cookie is put in the page's browser context — the page is signed in without
 * driving the registration (registration and sign-in have their own tests). Removed with the worker's
 * database when the worker ends.
 */
export async function createCreator(page: Page, options: CreatorOptions = {}): Promise<Creator> {
  const app = workerApp();
  const id = randomUUID();
  const creator = {
    id,
    email: options.email ?? uniqueEmail("creator"),
    password: options.password ?? STRONG_PASSWORD,
    firstName: options.firstName ?? "Ada",
    storeName: options.storeName ?? "Ada's Atelier",
  };
  const lastName = options.lastName ?? "Lovelace";
  if (!hashes.has(creator.password)) hashes.set(creator.password, hashPassword(creator.password));
  const passwordHash = await hashes.get(creator.password)!;
  const token = randomBytes(24).toString("base64url");
  const client = await app.pool.connect();
  try {
    await client.query("begin");
    await client.query(`insert into "user" (id, name, email, email_verified) values ($1, $2, $3, true)`, [
      id,
      `${creator.firstName} ${lastName}`,
      creator.email,
    ]);
    await client.query(`insert into profiles (user_id, first_name, last_name, date_of_birth) values ($1, $2, $3, '1990-12-10')`, [
      id,
      creator.firstName,
      lastName,
    ]);
    await client.query(`insert into account (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`, [
      randomUUID(),
      id,
      passwordHash,
    ]);
    await client.query(
      `insert into business_profiles (user_id, store_name, business_description, business_types, target_customers, company_size, phone,
         preferred_delivery, preferred_payment, terms_accepted_at)
       values ($1, $2, 'Hand-drawn templates and guides for makers.', $3, 'Small craft businesses', $4, '+15551234567', '{}', '{}', now())`,
      [id, creator.storeName, options.businessTypes ?? ["online_store"], options.companySize ?? null],
    );
    await client.query(
      `insert into session (id, expires_at, token, user_id, ip_address, user_agent) values ($1, now() + make_interval(days => $2), $3, $4, '127.0.0.1', 'Playwright')`,
      [randomUUID(), SESSION_DAYS, token, id],
    );
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
  await page
    .context()
    .addCookies([{ name: `${SESSION_COOKIE_PREFIX}.session_token`, value: signedCookieValue(token), url: app.origin, httpOnly: true, sameSite: "Lax" }]);
  return creator;
}
