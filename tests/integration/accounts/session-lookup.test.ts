import { serializeSignedCookie } from "better-call";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "~/kernel/session/tables.server";
import { readSessionUser } from "~/kernel/session/read-session-user.server";
import { createServices } from "~/server/create-services.server";
import { parseEnv } from "~/server/env.server";
import type { AppServices } from "~/server/services.server";
import { createTestDatabase } from "../../support/test-database";
import { requestContext } from "~/server/http/request-context.server";

// The one-query session check (get-session-user.server.ts) against better-auth's own rules: expired sessions
// are refused and deleted, a session due for its daily refresh is extended, an ended one is refused at once.
describe("session lookup", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let services: AppServices;
  let counter = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    const env = parseEnv({ AUTH_SECRET: "lookup-secret-".repeat(4), APP_URL: "http://127.0.0.1:9" });
    services = createServices({ env, db: database.db, listen: database.listen, logger: pino({ level: "silent" }) });
  });
  afterAll(async () => {
    services.health.close();
    await services.mailer.close();
    await database.drop();
  });

  async function signedIn() {
    const ctx = await services.auth.$context;
    counter += 1;
    const created = await ctx.internalAdapter.createUser(
      { email: `lookup-${counter}-${Date.now()}@example.com`, name: "Lookup User", emailVerified: true },
      { method: "admin" },
    );
    const row = await ctx.internalAdapter.createSession(created.id);
    const setCookie = await serializeSignedCookie(ctx.authCookies.sessionToken.name, row.token, ctx.secret);
    const request = () =>
      new Request("http://127.0.0.1:9/dashboard", { headers: { cookie: `theme=dark; ${setCookie.split(";")[0]}` } });
    return { userId: created.id, sessionId: row.id, request, ctx };
  }
  const expiresAt = async (id: string) =>
    (await database.db.select({ at: session.expiresAt }).from(session).where(eq(session.id, id)))[0]?.at;

  it("finds the user of a valid signed cookie, and no one for a forged or unknown one", async () => {
    const { userId, sessionId, request } = await signedIn();
    expect(await readSessionUser(services, requestContext(request()))).toMatchObject({
      id: userId,
      sessionId,
      emailVerified: true,
      secondFactor: "not_required",
    });
    const forged = new Request("http://127.0.0.1:9/", {
      headers: {
        cookie: request()
          .headers.get("cookie")!
          .replace(/%3D$|=$/, "A%3D"),
      },
    });
    expect(await readSessionUser(services, requestContext(forged))).toBeNull();
    const unknown = await serializeSignedCookie(
      "sellkit.session_token",
      "no-such-token",
      (await services.auth.$context).secret,
    );
    expect(
      await readSessionUser(
        services,
        requestContext(new Request("http://127.0.0.1:9/", { headers: { cookie: unknown.split(";")[0]! } })),
      ),
    ).toBeNull();
  });

  it("refuses an ended session at the very next lookup", async () => {
    const { sessionId, request } = await signedIn();
    expect(await readSessionUser(services, requestContext(request()))).not.toBeNull();
    await database.db.delete(session).where(eq(session.id, sessionId));
    expect(await readSessionUser(services, requestContext(request()))).toBeNull();
  });

  it("refuses an expired session and deletes it (better-auth's rule)", async () => {
    const { sessionId, request } = await signedIn();
    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(session.id, sessionId));
    expect(await readSessionUser(services, requestContext(request()))).toBeNull();
    expect(await expiresAt(sessionId)).toBeUndefined();
  });

  it("extends a session due for its daily refresh and keeps it signed in", async () => {
    const { userId, sessionId, request, ctx } = await signedIn();
    const { expiresIn, updateAge } = ctx.sessionConfig;
    const due = new Date(Date.now() + (expiresIn - updateAge - 60) * 1_000);
    await database.db.update(session).set({ expiresAt: due }).where(eq(session.id, sessionId));
    expect(await readSessionUser(services, requestContext(request()))).toMatchObject({ id: userId, sessionId });
    const extended = (await expiresAt(sessionId))!;
    expect(extended.getTime()).toBeGreaterThan(Date.now() + (expiresIn - 60) * 1_000);
  });

  it("notes activity once per minute: of two guarded lookups at once, exactly one writes the mark", async () => {
    const { request } = await signedIn();
    const [first, second] = await Promise.all([
      readSessionUser(services, requestContext(request()), { touch: true }),
      readSessionUser(services, requestContext(request()), { touch: true }),
    ]);
    expect([first!.activityRecorded, second!.activityRecorded].filter(Boolean)).toHaveLength(1);
    expect((await readSessionUser(services, requestContext(request()), { touch: true }))!.activityRecorded).toBe(false);
    // A lookup without `touch` (the root loader, public pages) never writes it.
    const other = await signedIn();
    expect((await readSessionUser(services, requestContext(other.request())))!.activityRecorded).toBe(false);
    expect((await readSessionUser(services, requestContext(other.request()), { touch: true }))!.activityRecorded).toBe(
      true,
    );
  });
});
