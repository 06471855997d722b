import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { securityAudit } from "~/kernel/audit/tables.server";
import {
  consumeRateLimits,
  RATE_LIMITS,
  reserveRateLimits,
  type RateLimitRule,
} from "~/server/rate-limit/consume-rate-limit.server";
import { nextClientIp } from "../../support/client-ip";
import { postForm } from "../../support/form-post";
import { CREATOR_PASSWORD, createSignedInCreator } from "../../support/signed-in-creator";
import type { TestServer } from "../../support/test-server";
import { serverWithMail } from "../../support/server-with-mail";

// 40 parallel wrong current passwords on re-authentication were 11 checks against the password
// although the limit is 5 (check, then increment). Every limit is now one atomic statement that counts the
// attempt before the password is checked; these tests send real parallel requests.

let server: TestServer;
let counter = 0;

serverWithMail({ TRUSTED_PROXIES: "loopback" }, (started) => {
  ({ server } = started);
});

async function eventCount(filter: { userId?: string; eventType: string; email?: string }) {
  const rows = await server.db
    .select({ details: securityAudit.details })
    .from(securityAudit)
    .where(
      filter.userId
        ? and(eq(securityAudit.eventType, filter.eventType), eq(securityAudit.userId, filter.userId))
        : eq(securityAudit.eventType, filter.eventType),
    );
  return filter.email
    ? rows.filter((row) => (row.details as { email?: string } | null)?.email === filter.email).length
    : rows.length;
}

describe("re-authentication under 40 parallel wrong passwords", () => {
  it("checks at most the limit (5) against the password and answers the rest with the limit message", async () => {
    counter += 1;
    const creator = await createSignedInCreator(server, { email: `race-${counter}@example.com` });
    const limit = RATE_LIMITS.currentPassword.limit;
    const responses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const response = await postForm(
          server,
          "/settings",
          {
            intent: "change-password",
            currentPassword: `Wrong&Guess${i}`,
            password: "N3w&Distinct!pw",
            confirmPassword: "N3w&Distinct!pw",
          },
          { jar: creator.jar, ip: creator.ip, multipart: true },
        );
        return { status: response.status, text: await response.text() };
      }),
    );
    const wrong = responses.filter((r) => r.status === 400 && r.text.includes("Current password is incorrect"));
    const limited = responses.filter(
      (r) => r.status === 429 && r.text.includes("Too many attempts. Please wait a few minutes and try again."),
    );
    // Each password check of a wrong answer writes one reauthentication_failed event.
    expect(await eventCount({ userId: creator.id, eventType: "reauthentication_failed" })).toBeLessThanOrEqual(limit);
    expect(wrong.length).toBe(limit);
    expect(limited.length).toBe(40 - limit);
    // The right password now waits as well, and the account's password is unchanged.
    const right = await postForm(
      server,
      "/settings",
      {
        intent: "change-password",
        currentPassword: CREATOR_PASSWORD,
        password: "N3w&Distinct!pw",
        confirmPassword: "N3w&Distinct!pw",
      },
      { jar: creator.jar, ip: creator.ip, multipart: true },
    );
    expect(right.status).toBe(429);
    expect(
      (
        await postForm(
          server,
          "/login",
          { intent: "sign-in", email: creator.email, password: CREATOR_PASSWORD },
          { ip: nextClientIp() },
        )
      ).status,
    ).toBe(302);
  });
});

describe("password sign-in under 30 parallel wrong passwords from one address", () => {
  it("checks at most the per-(account, address) limit and answers the rest 429", async () => {
    const email = `parallel-${Date.now()}@example.com`;
    const ip = nextClientIp();
    const limit = RATE_LIMITS.signIn.limit;
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const response = await postForm(
          server,
          "/login",
          { intent: "sign-in", email, password: `Wrong&Guess${i}` },
          { ip },
        );
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(
      statuses.filter((s) => s === 400),
      `statuses: ${statuses.join(",")}`,
    ).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - limit);
    expect(await eventCount({ eventType: "sign_in_failed", email })).toBe(limit);
  });
});

describe("the limiter itself (one statement per check)", () => {
  const rule: RateLimitRule = { name: "test-rule", limit: 7, windowSeconds: 60 };

  it("allows exactly `limit` of 60 parallel attempts on one key", async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, () => consumeRateLimits(server.db, [{ rule, key: "one" }])),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(rule.limit);
    expect(Math.min(...results.filter((r) => !r.allowed).map((r) => r.retryAfterSeconds))).toBeGreaterThan(0);
  });

  it("counts keys that overlap between parallel requests without deadlock, each exactly", async () => {
    // Request i counts "shared" and its own key, listed in both orders.
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        consumeRateLimits(
          server.db,
          i % 2
            ? [
                { rule, key: "shared" },
                { rule, key: `own-${i}` },
              ]
            : [
                { rule, key: `own-${i}` },
                { rule, key: "shared" },
              ],
        ),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(rule.limit);
    const { rows } = await server.db.execute<{ hits: number }>(
      sql`select hits from app_rate_limits where bucket = 'test-rule:shared'`,
    );
    expect(rows[0]!.hits).toBe(40);
  });

  it("releases crossing parallel counts on the same three keys never deadlock, and exactly `limit` pass", async () => {
    // The shape of 30 parallel wrong sign-ins: each counts three buckets, the refused ones give theirs back at
    // once while others are still counting. A release that locked its rows in another order deadlocked.
    const keys = [
      { rule, key: "cross:ip" },
      { rule: { ...rule, name: "test-rule-account", limit: 100 }, key: "cross:email" },
      { rule: { ...rule, name: "test-rule-address", limit: 50 }, key: "cross:ip" },
    ];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, async (_, i) => {
        const attempt = await reserveRateLimits(server.db, i % 2 ? keys : [...keys].reverse());
        if (!attempt.allowed) await attempt.release();
        return attempt.allowed;
      }),
    );
    const failures = outcomes.filter((o) => o.status === "rejected");
    expect(failures, String(failures.map((f) => (f as PromiseRejectedResult).reason))).toHaveLength(0);
    expect(outcomes.filter((o) => o.status === "fulfilled" && o.value)).toHaveLength(rule.limit);
    const { rows } = await server.db.execute<{ hits: number }>(
      sql`select hits from app_rate_limits where bucket = 'test-rule:cross:ip'`,
    );
    expect(rows[0]!.hits).toBe(rule.limit);
  });

  it("failures-only limits: released attempts do not count, and at most `limit` are ever held at once", async () => {
    const key = [{ rule, key: "failures" }];
    // 30 parallel attempts that all succeed (released): nobody is refused in the end, the count is back to 0.
    const first = await Promise.all(Array.from({ length: 30 }, () => reserveRateLimits(server.db, key)));
    expect(first.filter((r) => r.allowed).length).toBe(rule.limit);
    await Promise.all(first.map((r) => r.release()));
    await Promise.all(first.map((r) => r.release())); // at most once
    const hits = async () =>
      (
        await server.db.execute<{ hits: number }>(
          sql`select hits from app_rate_limits where bucket = 'test-rule:failures'`,
        )
      ).rows[0]!.hits;
    expect(await hits()).toBe(0);
    // Failures stay counted: after `limit` kept attempts the next is refused.
    for (let i = 0; i < rule.limit; i += 1) expect((await reserveRateLimits(server.db, key)).allowed).toBe(true);
    const refused = await reserveRateLimits(server.db, key);
    expect(refused.allowed).toBe(false);
    await refused.release();
    expect(await hits()).toBe(rule.limit);
  });

  it("starts a new window once the old one has passed, and a late release does not touch the new window", async () => {
    const key = [{ rule, key: "window" }];
    const held = await reserveRateLimits(server.db, key);
    for (let i = 1; i < rule.limit; i += 1) await reserveRateLimits(server.db, key);
    expect((await reserveRateLimits(server.db, key)).allowed).toBe(false);
    await server.db.execute(
      sql`update app_rate_limits set window_started_at = now() - interval '61 seconds' where bucket = 'test-rule:window'`,
    );
    const fresh = await reserveRateLimits(server.db, key);
    expect(fresh.allowed).toBe(true);
    await held.release();
    const { rows } = await server.db.execute<{ hits: number }>(
      sql`select hits from app_rate_limits where bucket = 'test-rule:window'`,
    );
    expect(rows[0]!.hits).toBe(1);
  });
});
