import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import { solvedCaptcha } from "../../support/captcha";
import { nextClientIp } from "../../support/client-ip";
import { postForm } from "../../support/form-post";
import { CREATOR_PASSWORD, createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import type { TestServer } from "../../support/test-server";
import { serverWithMail } from "../../support/server-with-mail";

// 10 wrong passwords from 10 addresses made the right password from a fresh address answer 429, and
// successful sign-ins counted toward the limit, so anyone could lock a chosen account out of password sign-in.
// Only failures count; the limit is per (account, address), with a much higher ceiling per account.

let server: TestServer;
let counter = 0;

serverWithMail({ TRUSTED_PROXIES: "loopback" }, (started) => {
  ({ server } = started);
});

function createCreator(): Promise<SignedInCreator> {
  counter += 1;
  return createSignedInCreator(server, { email: `limits-${counter}@example.com` });
}

async function signIn(email: string, password: string, ip: string, captcha?: string): Promise<number> {
  const response = await postForm(
    server,
    "/login",
    { intent: "sign-in", email, password, ...(captcha ? { captcha } : {}) },
    { ip },
  );
  await response.arrayBuffer();
  return response.status;
}

/** `n` sign-ins, `parallel` at a time; their statuses in order. */
async function signIns(n: number, attempt: (i: number) => Promise<number>, parallel = 8): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < n; start += parallel) {
    statuses.push(
      ...(await Promise.all(Array.from({ length: Math.min(parallel, n - start) }, (_, j) => attempt(start + j)))),
    );
  }
  return statuses;
}

describe("password sign-in limits", () => {
  it("10 wrong passwords from 10 addresses do not stop the right password from a fresh address", async () => {
    const victim = await createCreator();
    const statuses = await signIns(10, (i) => signIn(victim.email, `Wrong&Guess${i}`, nextClientIp()), 1);
    expect(statuses).toEqual(Array(10).fill(400));
    expect(await signIn(victim.email, CREATOR_PASSWORD, nextClientIp())).toBe(302);
  });

  it("successful sign-ins do not count: a dozen from one address all succeed", async () => {
    const creator = await createCreator();
    const ip = nextClientIp();
    const statuses = await signIns(12, () => signIn(creator.email, CREATOR_PASSWORD, ip), 1);
    expect(statuses).toEqual(Array(12).fill(302));
  });

  it("wrong passwords from one address for one account are still limited there, and only there", async () => {
    const creator = await createCreator();
    const attacker = nextClientIp();
    const statuses = await signIns(
      RATE_LIMITS.signIn.limit + 1,
      (i) => signIn(creator.email, `Wrong&Guess${i}`, attacker),
      1,
    );
    expect(statuses.slice(0, RATE_LIMITS.signIn.limit).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Even the right password waits at that address; the owner elsewhere signs in.
    expect(await signIn(creator.email, CREATOR_PASSWORD, attacker)).toBe(429);
    expect(await signIn(creator.email, CREATOR_PASSWORD, creator.ip)).toBe(302);
  });

  it("an account takes at most the much higher ceiling of failures from any number of addresses", async () => {
    const creator = await createCreator();
    const ceiling = RATE_LIMITS.signInAccount.limit;
    expect(ceiling).toBeGreaterThanOrEqual(10 * RATE_LIMITS.signIn.limit);
    const statuses = await signIns(ceiling, (i) => signIn(creator.email, `Wrong&Guess${i}`, nextClientIp()));
    expect(statuses.every((s) => s === 400)).toBe(true);
    expect(await signIn(creator.email, `Wrong&GuessMore`, nextClientIp())).toBe(429);
    expect(await signIn(creator.email, CREATOR_PASSWORD, nextClientIp())).toBe(429);
  });

  it("others' failures never lock the owner out: past the ceiling, a fresh address signs in with the right password and a captcha", async () => {
    const owner = await createCreator();
    const attackers = Array.from({ length: 12 }, () => nextClientIp());
    const statuses = await signIns(120, (i) =>
      signIn(owner.email, `Wrong&Guess${i}`, attackers[i % attackers.length]!),
    );
    expect(statuses.filter((s) => s === 400)).toHaveLength(RATE_LIMITS.signInAccount.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(120 - RATE_LIMITS.signInAccount.limit);

    // The owner from a 13th address: the page asks for the captcha (and shows it), then the right password signs in.
    const ownerIp = nextClientIp();
    const asked = await postForm(
      server,
      "/login",
      { intent: "sign-in", email: owner.email, password: CREATOR_PASSWORD },
      { ip: ownerIp },
    );
    expect(asked.status).toBe(429);
    const page = await asked.text();
    expect(page).toContain("Please complete the captcha verification");
    expect(page).toContain("<altcha-widget");
    expect(await signIn(owner.email, CREATOR_PASSWORD, ownerIp, "not-a-solved-captcha")).toBe(429);
    expect(await signIn(owner.email, CREATOR_PASSWORD, ownerIp, await solvedCaptcha(server.origin))).toBe(302);

    // The attackers' addresses stay limited, even with a solved captcha and the right password.
    for (const ip of attackers.slice(0, 3))
      expect(await signIn(owner.email, CREATOR_PASSWORD, ip, await solvedCaptcha(server.origin))).toBe(429);

    // A wrong password with a captcha from a fresh address is refused and counted: that address then waits too.
    const guesser = nextClientIp();
    expect(await signIn(owner.email, "Wrong&GuessWithCaptcha", guesser, await solvedCaptcha(server.origin))).toBe(400);
    const counted = await server.db.execute<{ hits: number }>(
      sql`select hits from app_rate_limits where bucket = ${`${RATE_LIMITS.signIn.name}:ip:${guesser}:email:${owner.email}`}`,
    );
    expect(counted.rows[0]?.hits).toBe(1);
    expect(await signIn(owner.email, CREATOR_PASSWORD, guesser, await solvedCaptcha(server.origin))).toBe(429);
  }, 240_000);

  it("one address spraying many accounts is limited across them", async () => {
    const sprayer = nextClientIp();
    const limit = RATE_LIMITS.signInAddress.limit;
    const statuses = await signIns(limit, (i) => signIn(`spray-${i}@example.com`, "Wrong&Guess1", sprayer));
    expect(statuses.every((s) => s === 400)).toBe(true);
    expect(await signIn("spray-next@example.com", "Wrong&Guess1", sprayer)).toBe(429);
    expect(await signIn("spray-next@example.com", "Wrong&Guess1", nextClientIp())).toBe(400);
  });
});
