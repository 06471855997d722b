import type { Database } from "~/db/database.server";
import { type ErrorCode, type Failure, fail } from "~/lib/errors";
import {
  consumeRateLimits,
  type RateLimitRule,
  reserveRateLimits,
} from "~/server/rate-limit/consume-rate-limit.server";

/** Codes tried per client IP and per store, whatever the outcome. */
export const DISCOUNT_ATTEMPT_LIMITS = {
  perClient: { name: "discount-attempt-ip", limit: 20, windowSeconds: 10 * 60 },
  perStore: { name: "discount-attempt-store", limit: 600, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Failed codes a client may try before unknown, expired, not-started and other telling answers become one. */
export const DISCOUNT_FAILURES_BEFORE_VAGUE = 3;

/** Failed codes counted per client and per store; past either limit the answers stop telling codes apart. */
export const DISCOUNT_FAILURE_LIMITS = {
  perClient: { name: "discount-failure-ip", limit: DISCOUNT_FAILURES_BEFORE_VAGUE, windowSeconds: 15 * 60 },
  perStore: { name: "discount-failure-store", limit: 10 * DISCOUNT_FAILURES_BEFORE_VAGUE, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Answers that tell a guesser something about a code that did not work for them. */
const TELLING: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "DISCOUNT_CODE_INVALID",
  "DISCOUNT_CODE_EXPIRED",
  "DISCOUNT_CODE_NOT_STARTED",
  "DISCOUNT_CODE_NOT_APPLICABLE",
  "DISCOUNT_CODE_MIN_AMOUNT",
]);

export type DiscountAttemptLimited = Failure<"DISCOUNT_CODE_RATE_LIMITED"> & { retryAfterSeconds: number };

export type DiscountAttempt = {
  ok: true;
  /** Keeps a telling failure counted (answered as an unknown code once past the limit); takes anything else back. */
  settle: <T extends { ok: boolean; code?: string }>(outcome: T) => Promise<T | Failure<"DISCOUNT_CODE_INVALID">>;
};

/**
 * Counts one code attempt per client and store before lookup, refusing past a limit; `settle` decides whether it stays
 * a counted failure.
 */
export async function guardDiscountAttempt(
  db: Database,
  { sellerId, ipAddress }: { sellerId: string; ipAddress?: string },
): Promise<DiscountAttempt | DiscountAttemptLimited> {
  const client = `ip:${ipAddress ?? "unknown"}`;
  const store = `store:${sellerId}`;
  const limit = await consumeRateLimits(db, [
    { rule: DISCOUNT_ATTEMPT_LIMITS.perClient, key: client },
    { rule: DISCOUNT_ATTEMPT_LIMITS.perStore, key: store },
  ]);
  if (!limit.allowed) return { ...fail("DISCOUNT_CODE_RATE_LIMITED"), retryAfterSeconds: limit.retryAfterSeconds };
  const failure = await reserveRateLimits(db, [
    { rule: DISCOUNT_FAILURE_LIMITS.perClient, key: client },
    { rule: DISCOUNT_FAILURE_LIMITS.perStore, key: store },
  ]);
  return {
    ok: true,
    async settle(outcome) {
      if (outcome.ok || !TELLING.has(outcome.code as ErrorCode)) {
        await failure.release();
        return outcome;
      }
      return failure.allowed ? outcome : fail("DISCOUNT_CODE_INVALID");
    },
  };
}
