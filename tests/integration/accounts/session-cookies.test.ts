import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "~/server/create-services.server";
import { parseEnv } from "~/server/env.server";
import pino from "pino";
import { createTestDatabase } from "../../support/test-database";

describe("session cookies", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it("are HttpOnly, SameSite=Lax, Secure with the __Secure- prefix on an HTTPS origin", async () => {
    const env = parseEnv({ NODE_ENV: "production", AUTH_SECRET: "s".repeat(40), APP_URL: "https://shop.example.com" });
    const { auth } = createServices({
      env,
      db: database.db,
      listen: database.listen,
      logger: pino({ level: "silent" }),
    });
    const cookie = (await auth.$context).authCookies.sessionToken;
    expect(cookie.name).toBe("__Secure-sellkit.session_token");
    expect(cookie.attributes).toMatchObject({ httpOnly: true, sameSite: "lax", secure: true });
  });

  it("are HttpOnly and SameSite=Lax without Secure on plain-HTTP development origins", async () => {
    const env = parseEnv({ AUTH_SECRET: "s".repeat(40), APP_URL: "http://localhost:3000" });
    const { auth } = createServices({
      env,
      db: database.db,
      listen: database.listen,
      logger: pino({ level: "silent" }),
    });
    const cookie = (await auth.$context).authCookies.sessionToken;
    expect(cookie.name).toBe("sellkit.session_token");
    expect(cookie.attributes).toMatchObject({ httpOnly: true, sameSite: "lax" });
  });
});
