import { serializeSignedCookie } from "better-call";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSessionToken } from "~/kernel/session/read-session-token.server";

const NAME = "sellkit.session_token";
const SECRET = "unit-test-secret-unit-test-secret-0123456789";

/** The Cookie header a browser sends back for better-call's own Set-Cookie of `token`. */
async function cookieFromBetterCall(token: string, name = NAME, secret = SECRET): Promise<string> {
  const setCookie = await serializeSignedCookie(name, token, secret);
  return setCookie.split(";")[0]!;
}

describe("readSessionToken (the fast session check) agrees with better-call's signed cookies", () => {
  it("reads back the token of any cookie better-call signs", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 64 }).filter((t) => !t.includes(";")),
        async (token) => {
          expect(readSessionToken(await cookieFromBetterCall(token), NAME, SECRET)).toBe(token);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("finds the cookie among others, and takes the first of two with the same name (as better-call does)", async () => {
    const good = await cookieFromBetterCall("tok-1");
    const other = await cookieFromBetterCall("tok-2");
    expect(readSessionToken(`theme=dark; ${good}; sellkit.tz=Europe%2FParis`, NAME, SECRET)).toBe("tok-1");
    expect(readSessionToken(`${good}; ${other}`, NAME, SECRET)).toBe("tok-1");
    expect(readSessionToken(`__Secure-${good}`, `__Secure-${NAME}`, SECRET)).toBe("tok-1");
  });

  it("refuses a cookie signed with another secret, a changed token, a cut signature, or no cookie", async () => {
    const good = await cookieFromBetterCall("tok-1");
    expect(readSessionToken(await cookieFromBetterCall("tok-1", NAME, `${SECRET}-other`), NAME, SECRET)).toBeNull();
    expect(readSessionToken(good.replace("tok-1", "tok-2"), NAME, SECRET)).toBeNull();
    expect(readSessionToken(good.slice(0, -4), NAME, SECRET)).toBeNull();
    expect(readSessionToken(`${NAME}=tok-1`, NAME, SECRET)).toBeNull();
    expect(readSessionToken(`${NAME}=.${"A".repeat(43)}=`, NAME, SECRET)).toBeNull();
    expect(readSessionToken("theme=dark", NAME, SECRET)).toBeNull();
    expect(readSessionToken("", NAME, SECRET)).toBeNull();
  });

  it("never throws on hostile headers", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (header) => {
        expect(() => readSessionToken(`${NAME}=${header}`, NAME, SECRET)).not.toThrow();
        expect(readSessionToken(`${NAME}=${header}`, NAME, SECRET)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});
