import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import {
  enableTwoFactorOverHttp,
  eventOf,
  getAs,
  openEventStream,
  passwordSignIn,
  postSecurity,
  type EventStream,
} from "../../support/security-center";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

const ENV = { TRUSTED_PROXIES: "loopback" };

let mail: MailCatcher;
let server: TestServer;
let userCounter = 0;
const streams: EventStream[] = [];

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ ...ENV, SMTP_URL: mail.url });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server?.stop();
  await mail?.stop();
});
beforeEach(() => {
  mail.messages.length = 0;
});

function createCreator(label = "live", on: TestServer = server): Promise<SignedInCreator> {
  userCounter += 1;
  return createSignedInCreator(on, { email: `${label}-${userCounter}-${Date.now()}@example.com` });
}

/** Opens `actor`'s stream on `on` and waits until it is subscribed (the `ready` message comes after the LISTEN). */
async function openReady(actor: SignedInCreator, on: TestServer = server) {
  const stream = await openEventStream(on, actor);
  streams.push(stream);
  expect(stream.response.status).toBe(200);
  expect(stream.response.headers.get("content-type")).toContain("text/event-stream");
  expect(stream.response.headers.get("cache-control")).toContain("no-cache");
  await stream.next((message) => message.event === "ready", 2_000);
  return stream;
}

const isSecurityEvent = (eventType: string) => (message: { event: string; data: string }) =>
  message.event === "security-event" && eventOf(message).eventType === eventType;

describe("live security events (SSE)", () => {
  it("answers 401 to a visitor without a session and to a forged cookie", async () => {
    const anonymous = await server.request("/api/security/events");
    expect(anonymous.status).toBe(401);
    await anonymous.arrayBuffer();
    const forged = await server.request("/api/security/events", {
      headers: { cookie: "sellkit.session_token=forged.value" },
    });
    expect(forged.status).toBe(401);
    await forged.arrayBuffer();
  });

  it("answers 401 to a session that still owes its second factor", async () => {
    const creator = await createCreator();
    await enableTwoFactorOverHttp(server, creator);
    const pending = await passwordSignIn(server, creator.email);
    expect(pending.response.headers.get("location")).toBe("/auth/two-factor?from=%2Fdashboard");
    const response = await getAs(server, pending, "/api/security/events");
    expect(response.status).toBe(401);
  });

  it("delivers an event caused over HTTP (a failed re-authentication) within 1 s, with its id and no secret", async () => {
    const creator = await createCreator();
    const stream = await openReady(creator);
    const response = await postSecurity(server, creator, { intent: "enable-2fa", password: "Wrong&Password1" });
    expect(response.status).toBe(400);
    await response.arrayBuffer();
    const message = await stream.next(isSecurityEvent("reauthentication_failed"), 1_000);
    const event = eventOf(message);
    expect(message.id).toBe(event.id);
    expect(event).toMatchObject({ eventType: "reauthentication_failed", ipAddress: creator.ip });
    expect(message.data).not.toContain("Wrong&Password1");
    stream.close();
  });

  it("delivers an event written directly with recordSecurityEvent within 1 s", async () => {
    const creator = await createCreator();
    const stream = await openReady(creator);
    const started = Date.now();
    await recordSecurityEvent(
      server.db,
      { userId: creator.id, eventType: "stream_probe", eventCategory: "data", severity: "high", riskScore: 6 },
      { ipAddress: "203.0.113.9" },
    );
    const event = eventOf(await stream.next(isSecurityEvent("stream_probe"), 1_000));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(event).toMatchObject({ severity: "high", riskScore: 6, ipAddress: "203.0.113.9" });
    stream.close();
  });

  it("never delivers another user's events", async () => {
    const alice = await createCreator("alice");
    const bob = await createCreator("bob");
    const bobStream = await openReady(bob);
    const aliceStream = await openReady(alice);
    // Alice's events: over HTTP and written directly.
    await (await postSecurity(server, alice, { intent: "enable-2fa", password: "Wrong&Password1" })).arrayBuffer();
    await recordSecurityEvent(
      server.db,
      { userId: alice.id, eventType: "alice_only", eventCategory: "data", severity: "critical", riskScore: 9 },
      { ipAddress: alice.ip },
    );
    // An event without a user (e.g. a failed sign-in of an unknown email) goes to nobody.
    await recordSecurityEvent(
      server.db,
      { eventType: "anonymous_probe", eventCategory: "data", severity: "low", riskScore: 1 },
      {},
    );
    await aliceStream.next(isSecurityEvent("alice_only"), 1_000);
    // Then one of Bob's: when it arrives, everything written before it has been through the hub.
    await recordSecurityEvent(
      server.db,
      { userId: bob.id, eventType: "bob_marker", eventCategory: "data", severity: "low", riskScore: 0 },
      { ipAddress: bob.ip },
    );
    await bobStream.next(isSecurityEvent("bob_marker"), 1_000);
    const bobTypes = bobStream.events.filter((m) => m.event === "security-event").map((m) => eventOf(m).eventType);
    expect(bobTypes).toEqual(["bob_marker"]);
    expect(bobStream.events.map((m) => m.data).join("\n")).not.toContain(alice.ip);
    expect(aliceStream.events.some(isSecurityEvent("anonymous_probe"))).toBe(false);
    expect(aliceStream.events.some(isSecurityEvent("bob_marker"))).toBe(false);
    bobStream.close();
    aliceStream.close();
  });

  it("an event written inside a rolled-back transaction is never announced", async () => {
    const creator = await createCreator();
    const stream = await openReady(creator);
    await server.db
      .transaction(async (tx) => {
        await recordSecurityEvent(
          tx,
          { userId: creator.id, eventType: "rolled_back", eventCategory: "data", severity: "low", riskScore: 0 },
          {},
        );
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await recordSecurityEvent(
      server.db,
      { userId: creator.id, eventType: "after_rollback", eventCategory: "data", severity: "low", riskScore: 0 },
      {},
    );
    await stream.next(isSecurityEvent("after_rollback"), 1_000);
    expect(stream.events.some(isSecurityEvent("rolled_back"))).toBe(false);
    stream.close();
  });

  it("two tabs of the same user both receive the event; a closed tab stops receiving", async () => {
    const creator = await createCreator();
    const first = await openReady(creator);
    const second = await openReady(creator);
    await recordSecurityEvent(
      server.db,
      { userId: creator.id, eventType: "both_tabs", eventCategory: "data", severity: "low", riskScore: 0 },
      {},
    );
    await Promise.all([first.next(isSecurityEvent("both_tabs")), second.next(isSecurityEvent("both_tabs"))]);
    first.close();
    await recordSecurityEvent(
      server.db,
      { userId: creator.id, eventType: "one_tab", eventCategory: "data", severity: "low", riskScore: 0 },
      {},
    );
    await second.next(isSecurityEvent("one_tab"));
    expect(first.events.some(isSecurityEvent("one_tab"))).toBe(false);
    second.close();
  });

  // Two app instances can only share a database on a real PostgreSQL server (PGlite is in-process, one per
  // instance); CI runs this file again with TEST_DATABASE_URL set (see .ci/run).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "cross-instance: an event caused through instance 1 arrives on a stream opened on instance 2",
    async () => {
      expect(server.databaseUrl).toBeTruthy();
      const second = await startTestServer({ ...ENV, SMTP_URL: mail.url }, { databaseUrl: server.databaseUrl });
      try {
        const creator = await createCreator("cross");
        // The session made on instance 1 is valid on instance 2 (same database, same AUTH_SECRET).
        expect((await getAs(second, creator, "/dashboard")).status).toBe(200);
        const stream = await openReady(creator, second);
        const started = Date.now();
        const response = await postSecurity(server, creator, { intent: "enable-2fa", password: "Wrong&Password1" });
        expect(response.status).toBe(400);
        await response.arrayBuffer();
        const event = eventOf(await stream.next(isSecurityEvent("reauthentication_failed"), 1_000));
        expect(Date.now() - started).toBeLessThan(1_500);
        expect(event.ipAddress).toBe(creator.ip);
        // …and a session ended through instance 2 is signed out on instance 1 at once.
        const laptop = await passwordSignIn(server, creator.email);
        expect((await getAs(server, laptop, "/dashboard")).status).toBe(200);
        const ended = await postSecurity(second, creator, { intent: "terminate-other-sessions" });
        expect(ended.status).toBe(200);
        await ended.arrayBuffer();
        expect((await getAs(server, laptop, "/dashboard")).location).toBe("/auth?from=%2Fdashboard");
        await stream.next(isSecurityEvent("other_sessions_terminated"), 1_000);
        stream.close();
      } finally {
        await second.stop();
      }
    },
  );
});
