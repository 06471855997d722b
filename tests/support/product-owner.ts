import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { SESSION_COOKIE_PREFIX } from "~/server/http/session-cookie.server";
import { signedCookieValue } from "./creator-rows";
import type { TestServer } from "./test-server";

/** The test servers' signing secret (startTestServer's AUTH_SECRET). */
const TEST_AUTH_SECRET = "x".repeat(32);

export type ProductOwner = { id: string; cookie: string; productId: string };

/**
 * A verified user with a signed-in session and one draft product, made directly in the server's database (the
 * upload tests are not about registration): `cookie` is the signed session cookie, as better-call signs it.
 */
export async function createProductOwner(server: TestServer, secret = TEST_AUTH_SECRET): Promise<ProductOwner> {
  const id = randomUUID();
  const token = randomBytes(24).toString("base64url");
  const productId = randomUUID();
  await server.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into "user" (id, name, email, email_verified) values (${id}, 'Ada Lovelace', ${`owner-${id}@example.com`}, true)`,
    );
    await tx.execute(
      sql`insert into session (id, expires_at, token, user_id, ip_address, user_agent) values (${randomUUID()}, now() + interval '7 days', ${token}, ${id}, '127.0.0.1', 'vitest')`,
    );
    await tx.execute(
      sql`insert into products (id, user_id, name, slug, price_cents, currency) values (${productId}, ${id}, 'Field guide', ${`field-guide-${id.slice(0, 8)}`}, 900, 'USD')`,
    );
  });
  return { id, productId, cookie: `${SESSION_COOKIE_PREFIX}.session_token=${signedCookieValue(secret, token)}` };
}
