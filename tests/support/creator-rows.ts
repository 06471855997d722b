import { inTransaction } from "./pg-transaction";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type pg from "pg";

/** How long a made session lives, as better-auth's default (7 days). */
const SESSION_DAYS = 7;

/** Password hashes are slow on purpose (scrypt): each password is hashed once per process. */
const hashes = new Map<string, Promise<string>>();

export type CreatorRows = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  storeName: string;
  businessDescription?: string;
  targetCustomers?: string;
  businessTypes?: string[];
  companySize?: string | null;
  /** The session's client, as the sign-in would have recorded it. */
  ip: string;
  userAgent: string;
};

/** better-call's signed cookie value: `token.base64(HMAC-SHA256(secret, token))`, URL-encoded. */
export function signedCookieValue(authSecret: string, token: string): string {
  const signature = createHmac("sha256", authSecret).update(token).digest("base64");
  return encodeURIComponent(`${token}.${signature}`);
}

/**
 * A verified creator with a business profile and a password, written directly (as the Epic Stack's `login`
 * fixture does): the user, its profile and business profile, the credential account and a session. Returns the
 * user's id and the session token, for a signed session cookie. Registration and sign-in have their own tests;
 * the tests that only need a signed-in creator start here.
 */
export async function insertCreatorRows(
  pool: pg.Pool,
  rows: CreatorRows,
): Promise<{ id: string; sessionToken: string }> {
  const id = randomUUID();
  if (!hashes.has(rows.password)) hashes.set(rows.password, hashPassword(rows.password));
  const passwordHash = await hashes.get(rows.password)!;
  const sessionToken = randomBytes(24).toString("base64url");
  await inTransaction(pool, async (client) => {
    await client.query(`insert into "user" (id, name, email, email_verified) values ($1, $2, $3, true)`, [
      id,
      `${rows.firstName} ${rows.lastName}`,
      rows.email,
    ]);
    await client.query(
      `insert into profiles (user_id, first_name, last_name, date_of_birth) values ($1, $2, $3, '1990-12-10')`,
      [id, rows.firstName, rows.lastName],
    );
    await client.query(
      `insert into account (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`,
      [randomUUID(), id, passwordHash],
    );
    await client.query(
      `insert into business_profiles (user_id, store_name, business_description, business_types, target_customers, company_size, phone,
         preferred_delivery, preferred_payment, terms_accepted_at)
       values ($1, $2, $3, $4, $5, $6, '+15551234567', '{}', '{}', now())`,
      [
        id,
        rows.storeName,
        rows.businessDescription ?? "Hand-drawn templates and guides for makers.",
        rows.businessTypes ?? ["online_store"],
        rows.targetCustomers ?? "Small craft businesses",
        rows.companySize ?? null,
      ],
    );
    await client.query(
      `insert into session (id, expires_at, token, user_id, ip_address, user_agent) values ($1, now() + make_interval(days => $2), $3, $4, $5, $6)`,
      [randomUUID(), SESSION_DAYS, sessionToken, id, rows.ip, rows.userAgent],
    );
  });
  return { id, sessionToken };
}
