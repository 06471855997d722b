import { Secret, TOTP } from "otpauth";
import { nextClientIp } from "./client-ip";
import { CookieJar } from "./cookie-jar";
import { postForm } from "./form-post";
import { CREATOR_PASSWORD, type SignedInCreator } from "./signed-in-creator";
import type { TestServer } from "./test-server";
import { openSse, type SseMessage } from "./sse-client";

/** AUTH_SECRET of every test server (see test-server.ts): the key the 2FA secrets and backup codes derive from. */
export const TEST_AUTH_SECRET = "x".repeat(32);
const PERIOD_MS = 30_000;

/** The 6-digit code an authenticator app shows for `secret` at `timestamp`. */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });
}

/** A well-formed code that is valid for none of the steps the server accepts now (previous, current, next). */
export function wrongTotpCode(secret: string): string {
  const valid = new Set([-PERIOD_MS, 0, PERIOD_MS].map((offset) => totpCode(secret, Date.now() + offset)));
  for (let n = 123_456; ; n += 1) if (!valid.has(String(n))) return String(n);
}

/**
 * Waits past the end of the current 30-second step when less than 3 s of it remain, so that codes computed
 * now are still inside the server's window when they arrive.
 */
export async function awayFromStepEdge(): Promise<void> {
  const intoStep = Date.now() % PERIOD_MS;
  if (intoStep > PERIOD_MS - 3_000) await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - intoStep + 200));
}

/** Posts a security-settings form as `creator` (URL-encoded, like the page without JavaScript). */
export function postSecurity(
  server: TestServer,
  creator: { jar: CookieJar; ip: string },
  fields: Record<string, string>,
) {
  return postForm(server, "/security-settings", fields, { jar: creator.jar, ip: creator.ip });
}

/**
 * Turns two-factor on over HTTP as the page does: 'Enable 2FA' with the password, the manual key read from
 * the answer, then the first code (of the previous step, so the current and next steps stay free for the
 * sign-in challenge) and the backup codes read from that answer.
 */
export async function enableTwoFactorOverHttp(
  server: TestServer,
  creator: SignedInCreator,
): Promise<{ secret: string; backupCodes: string[] }> {
  const started = await postSecurity(server, creator, { intent: "enable-2fa", password: CREATOR_PASSWORD });
  const startedHtml = await started.text();
  if (started.status !== 200) throw new Error(`enable-2fa answered ${started.status}`);
  const secret = /data-testid="manual-key"[^>]*>\s*([A-Z2-7]{16,})\s*</.exec(startedHtml)?.[1];
  if (!secret) throw new Error("no manual key in the enable-2fa answer");
  await awayFromStepEdge();
  const verified = await postSecurity(server, creator, {
    intent: "verify-2fa",
    code: totpCode(secret, Date.now() - PERIOD_MS),
  });
  const verifiedHtml = await verified.text();
  if (verified.status !== 200) throw new Error(`verify-2fa answered ${verified.status}`);
  return { secret, backupCodes: backupCodesIn(verifiedHtml) };
}

/** The codes of the 'Backup codes' list of a page. */
export function backupCodesIn(html: string): string[] {
  const list = /<ul[^>]*aria-label="Backup codes"[^>]*>(.*?)<\/ul>/s.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<li[^>]*>([^<]+)<\/li>/g)].map((match) => match[1]!.trim());
}

/** A password sign-in of `email` in a new browser (new cookie jar, new client address). */
export async function passwordSignIn(server: TestServer, email: string, redirectTo = "/dashboard") {
  const jar = new CookieJar();
  const ip = nextClientIp();
  const response = await postForm(
    server,
    "/login",
    { intent: "sign-in", email, password: CREATOR_PASSWORD, redirectTo },
    { jar, ip },
  );
  await response.arrayBuffer();
  return { jar, ip, response };
}

/** Submits the sign-in challenge for the session of `jar`. */
export async function submitChallenge(
  server: TestServer,
  actor: { jar: CookieJar; ip: string },
  method: "totp" | "backup",
  code: string,
  from = "/dashboard",
) {
  const response = await postForm(
    server,
    `/auth/two-factor?from=${encodeURIComponent(from)}`,
    { method, code },
    { jar: actor.jar, ip: actor.ip },
  );
  await response.arrayBuffer();
  return response;
}

/** GET `path` as `actor` (the body read, so connections are freed). */
export async function getAs(server: TestServer, actor: { jar: CookieJar; ip?: string }, path: string) {
  const headers: Record<string, string> = { cookie: actor.jar.header() };
  if (actor.ip) headers["x-forwarded-for"] = actor.ip;
  const response = await server.request(path, { headers });
  const body = await response.text();
  return { status: response.status, location: response.headers.get("location"), body, headers: response.headers };
}

export type StreamedEvent = SseMessage;

/**
 * Opens the live security-events stream as `actor` and reads it in the background (the shared SSE client):
 * `events` fills as messages arrive; `next(predicate, ms)` waits for a matching one; `close()` ends the request.
 */
export async function openEventStream(server: TestServer, actor: { jar: CookieJar; ip?: string }) {
  const stream = await openSse(server, actor);
  return { response: stream.response, events: stream.messages, next: stream.next, close: () => stream.close() };
}

export type EventStream = Awaited<ReturnType<typeof openEventStream>>;

/** The security event a `security-event` message carries. */
export function eventOf(message: StreamedEvent): {
  id: string;
  eventType: string;
  ipAddress: string | null;
  [key: string]: unknown;
} {
  return JSON.parse(message.data);
}
