import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import { nextClientIp } from "../support/client-ip";
import { postForm } from "../support/form-post";
import { CREATOR_PASSWORD, createSignedInCreator, type SignedInCreator } from "../support/signed-in-creator";
import type { TestServer } from "../support/test-server";
import { serverWithMail } from "../support/server-with-mail";

// Issue 13.7: 10 wrong passwords from 10 addresses made the right password from a fresh address answer 429, and
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

async function signIn(email: string, password: string, ip: string): Promise<number> {
  const response = await postForm(server, "/login", { intent: "sign-in", email, password }, { ip });
  await response.arrayBuffer();
  return response.status;
}

/** `n` sign-ins, `parallel` at a time; their statuses in order. */
async function signIns(n: number, attempt: (i: number) => Promise<number>, parallel = 8): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < n; start += parallel) {
    statuses.push(...(await Promise.all(Array.from({ length: Math.min(parallel, n - start) }, (_, j) => attempt(start + j)))));
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
    const statuses = await signIns(RATE_LIMITS.signIn.limit + 1, (i) => signIn(creator.email, `Wrong&Guess${i}`, attacker), 1);
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

  it("one address spraying many accounts is limited across them", async () => {
    const sprayer = nextClientIp();
    const limit = RATE_LIMITS.signInAddress.limit;
    const statuses = await signIns(limit, (i) => signIn(`spray-${i}@example.com`, "Wrong&Guess1", sprayer));
    expect(statuses.every((s) => s === 400)).toBe(true);
    expect(await signIn("spray-next@example.com", "Wrong&Guess1", sprayer)).toBe(429);
    expect(await signIn("spray-next@example.com", "Wrong&Guess1", nextClientIp())).toBe(400);
  });
});
