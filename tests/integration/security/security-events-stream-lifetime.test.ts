import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresListener } from "~/db/postgres-listener.server";
import { securityAudit } from "~/kernel/audit/tables.server";
import { session } from "~/kernel/session/tables.server";
import { readSessionToken } from "~/kernel/session/read-session-token.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import {
  createSecurityEventHub,
  StreamEndedError,
  type StreamEndReason,
} from "~/domains/security/server/security-event-hub.server";
import { postForm } from "../../support/form-post";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { getAs, passwordSignIn, postSecurity, TEST_AUTH_SECRET } from "../../support/security-center";
import { createSignedInCreator, CREATOR_PASSWORD, type SignedInCreator } from "../../support/signed-in-creator";
import { openSse, type SseClient } from "../../support/sse-client";
import type { CookieJar } from "../../support/cookie-jar";
import { startTestServer, type TestServer } from "../../support/test-server";

// A live security-event stream ends as soon as its session ends — terminated from another device,
// signed out, revoked by a password change, expired — on this instance and on any other one sharing the
// database, and never sends an event once its session is over.

const ENV = { TRUSTED_PROXIES: "loopback" };
const NEW_PASSWORD = "N3w&Different!pass";

let mail: MailCatcher;
let server: TestServer;
let userCounter = 0;
const streams: SseClient[] = [];

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ ...ENV, SMTP_URL: mail.url });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server?.stop();
  await mail?.stop();
});

function createCreator(label: string, on: TestServer = server): Promise<SignedInCreator> {
  userCounter += 1;
  return createSignedInCreator(on, { email: `${label}-${userCounter}-${Date.now()}@example.com` });
}

/** The session id behind a browser's cookie. */
async function sessionIdOf(jar: CookieJar): Promise<string> {
  const token = readSessionToken(jar.header(), "sellkit.session_token", TEST_AUTH_SECRET);
  const [row] = await server.db
    .select({ id: session.id })
    .from(session)
    .where(eq(session.token, token ?? ""));
  if (!row) throw new Error("no session for this cookie");
  return row.id;
}

/**
 * The ids of the user's events so far: a stream may still carry these, written while its session was valid.
 * `actor` (the one about to end a session) first reads a page, so that its minute's 'authorized_access' event
 * is written now rather than by the request that ends the session, just before the end.
 */
async function eventIdsOf(
  userId: string,
  on: TestServer = server,
  actor?: { jar: CookieJar; ip: string },
): Promise<Set<string>> {
  if (actor) expect((await getAs(on, actor, "/security-settings")).status).toBe(200);
  const rows = await server.db
    .select({ id: securityAudit.id })
    .from(securityAudit)
    .where(eq(securityAudit.userId, userId));
  return new Set(rows.map((row) => row.id));
}

/** Nothing written after its session ended reached `stream`. */
function expectNothingAfter(stream: SseClient, writtenBefore: Set<string>) {
  const late = stream.securityEvents().filter((event) => !writtenBefore.has(event.id));
  expect(late.map((event) => event.eventType)).toEqual([]);
}

/** `actor`'s stream on `on`, once subscribed (the `ready` message comes after the LISTEN). */
async function openReady(actor: { jar: CookieJar; ip?: string }, on: TestServer = server): Promise<SseClient> {
  const stream = await openSse(on, actor);
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.next((message) => message.event === "ready", 2_000);
  return stream;
}

/** Writes a marker event for `userId` and waits until `witness` (a stream still signed in) got it. */
async function markerSeenBy(witness: SseClient, userId: string, eventType: string) {
  await recordSecurityEvent(
    server.db,
    { userId, eventType, eventCategory: "data", severity: "low", riskScore: 0 },
    { ipAddress: "198.51.100.7" },
  );
  await witness.next((m) => m.event === "security-event" && JSON.parse(m.data).eventType === eventType, 2_000);
}

describe("a live event stream ends with its session", () => {
  it("terminated from another device: the stream ends at once and the account's next sign-in never reaches it", async () => {
    const owner = await createCreator("owner");
    const thief = await passwordSignIn(server, owner.email);
    const thiefSession = await sessionIdOf(thief.jar);
    const thiefStream = await openReady(thief);
    const ownerStream = await openReady(owner);

    const writtenBefore = await eventIdsOf(owner.id, server, owner);
    const response = await postSecurity(server, owner, { intent: "terminate-session", sessionId: thiefSession });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(await thiefStream.endsWithin(1_000)).toBe(true);

    // The owner signs in again elsewhere: that event, with its IP, reaches the owner's stream only.
    const next = await passwordSignIn(server, owner.email);
    await ownerStream.next((m) => m.event === "security-event" && JSON.parse(m.data).ipAddress === next.ip, 2_000);
    await markerSeenBy(ownerStream, owner.id, "after_termination");
    expectNothingAfter(thiefStream, writtenBefore);
    expect(thiefStream.messages.map((m) => m.data).join("\n")).not.toContain(next.ip);
    // Reconnecting with the ended session's cookie is refused.
    expect((await openSse(server, thief)).status).toBe(401);
  });

  it("POST /logout ends that session's open stream; the other session's stream stays", async () => {
    const owner = await createCreator("logout");
    const phone = await passwordSignIn(server, owner.email);
    const ownerStream = await openReady(owner);
    const phoneStream = await openReady(phone);

    const writtenBefore = await eventIdsOf(owner.id);
    const response = await postForm(server, "/logout", {}, { jar: owner.jar, ip: owner.ip });
    expect(response.status).toBe(302);
    await response.arrayBuffer();
    expect(await ownerStream.endsWithin(1_000)).toBe(true);

    await passwordSignIn(server, owner.email);
    await markerSeenBy(phoneStream, owner.id, "after_logout");
    expectNothingAfter(ownerStream, writtenBefore);
    expect(phoneStream.endedByServer).toBe(false);
  });

  it("a password change ends the streams of the sessions it revokes", async () => {
    const owner = await createCreator("password");
    const other = await passwordSignIn(server, owner.email);
    const otherStream = await openReady(other);
    const ownerOldStream = await openReady(owner);

    const writtenBefore = await eventIdsOf(owner.id, server, owner);
    const response = await postForm(
      server,
      "/settings",
      {
        intent: "change-password",
        currentPassword: CREATOR_PASSWORD,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      { jar: owner.jar, ip: owner.ip, multipart: true },
    );
    expect(response.status).toBe(302);
    await response.arrayBuffer();
    expect(await otherStream.endsWithin(1_000)).toBe(true);
    // better-auth gave the changing browser a new session: its stream on the old one ends too and reconnects.
    expect(await ownerOldStream.endsWithin(1_000)).toBe(true);
    const ownerStreamNow = await openReady(owner);

    await markerSeenBy(ownerStreamNow, owner.id, "after_password_change");
    expectNothingAfter(otherStream, writtenBefore);
    expectNothingAfter(ownerOldStream, writtenBefore);
  });

  it("a session whose expiry is moved into the past ends its stream at once", async () => {
    const owner = await createCreator("expire");
    const witness = await openReady(owner);
    const other = await passwordSignIn(server, owner.email);
    const otherStream = await openReady(other);
    const writtenBefore = await eventIdsOf(owner.id);
    await server.db
      .update(session)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(session.id, await sessionIdOf(other.jar)));
    expect(await otherStream.endsWithin(1_000)).toBe(true);
    await markerSeenBy(witness, owner.id, "after_expiry");
    expectNothingAfter(otherStream, writtenBefore);
  });

  it("re-checks before it sends: a session that lapsed on its own (no notification) gets no further event", async () => {
    const owner = await createCreator("lapse");
    const witness = await openReady(owner);
    const other = await passwordSignIn(server, owner.email);
    const otherStream = await openReady(other);
    // Moved to expire in 1 s: still valid now, so nothing announces it; then it lapses by itself.
    await server.db
      .update(session)
      .set({ expiresAt: sql`now() + interval '1 second'` })
      .where(eq(session.id, await sessionIdOf(other.jar)));
    await markerSeenBy(witness, owner.id, "before_lapse");
    await otherStream.next(
      (m) => m.event === "security-event" && JSON.parse(m.data).eventType === "before_lapse",
      1_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const writtenBefore = await eventIdsOf(owner.id);
    await markerSeenBy(witness, owner.id, "after_lapse");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expectNothingAfter(otherStream, writtenBefore);
    expect(await otherStream.endsWithin(1_000)).toBe(true);
  });

  it("cross-instance: terminating (instance 1) or signing out (instance 1) ends streams open on instance 2 at once", async () => {
    const second = await startTestServer({ ...ENV, SMTP_URL: mail.url }, { databaseUrl: server.databaseUrl });
    try {
      const owner = await createCreator("cross");
      const thief = await passwordSignIn(server, owner.email);
      const leaving = await passwordSignIn(server, owner.email);
      const thiefStream = await openReady(thief, second);
      const leavingStream = await openReady(leaving, second);
      const ownerStream = await openReady(owner, second);

      const writtenBefore = await eventIdsOf(owner.id, server, owner);
      const terminated = await postSecurity(server, owner, {
        intent: "terminate-session",
        sessionId: await sessionIdOf(thief.jar),
      });
      expect(terminated.status).toBe(200);
      await terminated.arrayBuffer();
      expect(await thiefStream.endsWithin(1_000)).toBe(true);

      const writtenBeforeLogout = await eventIdsOf(owner.id);
      const loggedOut = await postForm(server, "/logout", {}, { jar: leaving.jar, ip: leaving.ip });
      expect(loggedOut.status).toBe(302);
      await loggedOut.arrayBuffer();
      expect(await leavingStream.endsWithin(1_000)).toBe(true);

      await markerSeenBy(ownerStream, owner.id, "after_cross_instance_end");
      expectNothingAfter(thiefStream, writtenBefore);
      expectNothingAfter(leavingStream, writtenBeforeLogout);
      expect(ownerStream.endedByServer).toBe(false);
    } finally {
      await second.stop();
    }
  });

  describe("the hub's own re-reads (a hub of its own, on this database)", () => {
    async function withHub(work: (hub: ReturnType<typeof createSecurityEventHub>) => Promise<void>) {
      const listener = createPostgresListener(server.databaseUrl!);
      const hub = createSecurityEventHub(listener.listen, pino({ level: "silent" }), server.db, { sweepMs: 200 });
      try {
        await work(hub);
      } finally {
        hub.close();
        await listener.close();
      }
    }

    it("a stream whose session lapses with no event and no notification is ended by the periodic re-read", async () => {
      const owner = await createCreator("sweep");
      const sessionId = await sessionIdOf(owner.jar);
      await withHub(async (hub) => {
        let ended: StreamEndReason | null = null;
        await hub.openStream({ userId: owner.id, sessionId, onEvent: () => {}, onEnd: (reason) => (ended = reason) });
        await server.db
          .update(session)
          .set({ expiresAt: sql`now() + interval '300 milliseconds'` })
          .where(eq(session.id, sessionId));
        await expect.poll(() => ended, { timeout: 2_000, interval: 50 }).toBe("session-ended");
        expect(hub.openStreams()).toBe(0);
      });
    });

    it("a session that ended before the hub listened is refused when its first stream opens", async () => {
      const owner = await createCreator("before-listen");
      const other = await passwordSignIn(server, owner.email);
      const sessionId = await sessionIdOf(other.jar);
      await server.db.delete(session).where(eq(session.id, sessionId));
      await withHub(async (hub) => {
        const opening = hub.openStream({ userId: owner.id, sessionId, onEvent: () => {}, onEnd: () => {} });
        await expect(opening).rejects.toBeInstanceOf(StreamEndedError);
        await expect(opening).rejects.toMatchObject({ reason: "session-ended" });
        expect(hub.openStreams()).toBe(0);
      });
    });

    it("a session whose end was announced just before its stream registers is refused", async () => {
      const owner = await createCreator("raced");
      const other = await passwordSignIn(server, owner.email);
      const sessionId = await sessionIdOf(other.jar);
      await withHub(async (hub) => {
        // Another of the owner's streams makes the hub listen first.
        await hub.openStream({
          userId: owner.id,
          sessionId: await sessionIdOf(owner.jar),
          onEvent: () => {},
          onEnd: () => {},
        });
        await server.db.delete(session).where(eq(session.id, sessionId));
        await new Promise((resolve) => setTimeout(resolve, 300)); // the notification has arrived
        await expect(
          hub.openStream({ userId: owner.id, sessionId, onEvent: () => {}, onEnd: () => {} }),
        ).rejects.toMatchObject({ reason: "session-ended" });
        expect(hub.openStreams(owner.id)).toBe(1);
      });
    });
  });
});
