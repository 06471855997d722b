import { verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Database } from "~/db/database.server";
import { captchaUses } from "~/domains/accounts/tables.server";
import { captchaSigningKey } from "./create-captcha-challenge.server";

type Payload = {
  challenge: { parameters: { expiresAt?: number; data?: { challengeId?: string }; nonce?: string } };
  solution: unknown;
};

function decode(payload: string): Payload | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Payload;
    return parsed?.challenge?.parameters && parsed.solution ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies an ALTCHA payload: signed by us, solved, unexpired and used once, since its recorded challenge id fails a
 * second insert.
 */
export async function verifyAltcha(db: Database, authSecret: string, payload: string | undefined): Promise<boolean> {
  if (!payload || payload.length > 10_000) return false;
  const decoded = decode(payload);
  if (!decoded) return false;
  let result: Awaited<ReturnType<typeof verifySolution>>;
  try {
    result = await verifySolution({
      challenge: decoded.challenge as never,
      solution: decoded.solution as never,
      deriveKey,
      hmacSignatureSecret: captchaSigningKey(authSecret),
    });
  } catch {
    return false;
  }
  if (!result.verified || result.expired) return false;
  const params = decoded.challenge.parameters;
  const id = params.data?.challengeId ?? params.nonce;
  if (!id) return false;
  const expiresAt = new Date(
    typeof params.expiresAt === "number"
      ? params.expiresAt * (params.expiresAt < 1e12 ? 1000 : 1)
      : Date.now() + 3600_000,
  );
  const inserted = await db
    .insert(captchaUses)
    .values({ challengeId: String(id).slice(0, 200), expiresAt })
    .onConflictDoNothing()
    .returning({ id: captchaUses.challengeId });
  return inserted.length === 1;
}
