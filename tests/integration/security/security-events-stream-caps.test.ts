import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER } from "~/domains/security/server/security-event-hub.server";
import type { CookieJar } from "../../support/cookie-jar";
import { postForm } from "../../support/form-post";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { passwordSignIn } from "../../support/security-center";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { openSse, type SseClient } from "../../support/sse-client";
import { startTestServer, type TestServer } from "../../support/test-server";

// One account opened 8,451 streams. Open streams are capped per session and per user (the
// oldest closed first, told not to come back soon), and signed-out attempts are refused without work.

const ENV = { TRUSTED_PROXIES: "loopback" };

let mail: MailCatcher;
let server: TestServer;
let userCounter = 0;
const streams: SseClient[] = [];

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ ...ENV, SMTP_URL: mail.url }, { countRoundTrips: true });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server?.stop();
  await mail?.stop();
});

function createCreator(label: string): Promise<SignedInCreator> {
  userCounter += 1;
  return createSignedInCreator(server, { email: `${label}-${userCounter}-${Date.now()}@example.com` });
}

async function openReady(actor: { jar: CookieJar; ip?: string }): Promise<SseClient> {
  const stream = await openSse(server, actor);
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.next((message) => message.event === "ready", 2_000);
  return stream;
}

const gotEvent = (eventType: string) => (m: { event: string; data: string }) =>
  m.event === "security-event" && JSON.parse(m.data).eventType === eventType;

async function recordFor(userId: string, eventType: string) {
  await recordSecurityEvent(server.db, { userId, eventType, eventCategory: "data", severity: "low", riskScore: 0 }, {});
}

/** The replaced stream is told to wait long before reconnecting (so tabs over the cap do not take turns). */
function expectToldToStayAway(stream: SseClient) {
  const last = stream.messages.at(-1);
  expect(last?.event).toBe("stream-limit");
  expect(last?.retry).toBeGreaterThanOrEqual(60_000);
}

describe("open event streams are capped", () => {
  it(`per session: one stream over ${MAX_STREAMS_PER_SESSION} on one session closes the oldest; the rest keep receiving`, async () => {
    const creator = await createCreator("per-session");
    const opened: SseClient[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i += 1) opened.push(await openReady(creator));
    expect(opened.some((stream) => stream.endedByServer)).toBe(false);

    const newest = await openReady(creator);
    expect(await opened[0]!.endsWithin(1_000)).toBe(true);
    expectToldToStayAway(opened[0]!);
    const kept = [...opened.slice(1), newest];
    await recordFor(creator.id, "after_session_cap");
    await Promise.all(kept.map((stream) => stream.next(gotEvent("after_session_cap"), 2_000)));
    expect(kept.some((stream) => stream.endedByServer)).toBe(false);
    expect(opened[0]!.messages.some(gotEvent("after_session_cap"))).toBe(false);
  });

  it(`per user: across sessions, one stream over ${MAX_STREAMS_PER_USER} for one account closes its oldest; other accounts are untouched`, async () => {
    const creator = await createCreator("per-user");
    const bystander = await createCreator("bystander");
    const bystanderStream = await openReady(bystander);
    const browsers: { jar: CookieJar; ip: string }[] = [creator];
    const sessionsNeeded = Math.ceil((MAX_STREAMS_PER_USER + 1) / MAX_STREAMS_PER_SESSION);
    while (browsers.length < sessionsNeeded) browsers.push(await passwordSignIn(server, creator.email));
    const opened: SseClient[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1)
      opened.push(await openReady(browsers[Math.floor(i / MAX_STREAMS_PER_SESSION)]!));
    expect(opened.some((stream) => stream.endedByServer)).toBe(false);

    const newest = await openReady(browsers[sessionsNeeded - 1]!);
    expect(await opened[0]!.endsWithin(1_000)).toBe(true);
    expectToldToStayAway(opened[0]!);
    const kept = [...opened.slice(1), newest];
    await recordFor(creator.id, "after_user_cap");
    await recordFor(bystander.id, "bystander_still_live");
    await Promise.all(kept.map((stream) => stream.next(gotEvent("after_user_cap"), 2_000)));
    await bystanderStream.next(gotEvent("bystander_still_live"), 2_000);
    expect(kept.some((stream) => stream.endedByServer)).toBe(false);
    expect(bystanderStream.endedByServer).toBe(false);
  });

  it("refuses signed-out attempts without touching the database (no cookie, a forged cookie) or with one statement (an ended session)", async () => {
    const creator = await createCreator("signed-out");
    const endedCookie = creator.jar.header();
    const loggedOut = await postForm(server, "/logout", {}, { jar: creator.jar, ip: creator.ip });
    await loggedOut.arrayBuffer();

    const attempts: { name: string; headers: Record<string, string> }[] = [
      { name: "none", headers: {} },
      { name: "forged", headers: { cookie: "sellkit.session_token=forged.value" } },
      { name: "forged-signed-shape", headers: { cookie: `sellkit.session_token=abc.${"A".repeat(43)}=` } },
    ];
    const before = server.roundTrips().length;
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const attempt = attempts[i % attempts.length]!;
        const response = await server.request("/api/security/events", {
          headers: { ...attempt.headers, accept: "text/event-stream" },
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(new Set(answers)).toEqual(new Set([401]));
    const cheap = server
      .roundTrips()
      .slice(before)
      .filter((trip) => trip.url === "/api/security/events");
    expect(cheap).toHaveLength(60);
    expect(cheap.every((trip) => trip.statements.length === 0)).toBe(true);

    const stale = await server.request("/api/security/events", {
      headers: { cookie: endedCookie, accept: "text/event-stream" },
    });
    expect(stale.status).toBe(401);
    await stale.arrayBuffer();
    expect(server.roundTrips().at(-1)!.statements.length).toBeLessThanOrEqual(1);
  });
});
