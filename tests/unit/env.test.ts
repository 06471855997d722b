import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/server/env.server";

describe("environment", () => {
  it("has working defaults for a fresh machine", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: "./data",
      CAPTCHA_PROVIDER: "altcha",
      APP_URL: "http://localhost:3000",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("derives APP_URL from PORT and strips a trailing slash", () => {
    expect(parseEnv({ PORT: "4000" }).APP_URL).toBe("http://localhost:4000");
    expect(parseEnv({ APP_URL: "https://shop.example.com/" }).APP_URL).toBe("https://shop.example.com");
  });

  it("requires AUTH_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET is required when NODE_ENV=production/);
    expect(parseEnv({ NODE_ENV: "production", AUTH_SECRET: "s".repeat(32) }).NODE_ENV).toBe("production");
  });

  it("stops on bad values with one line naming each variable", () => {
    let message = "";
    try {
      parseEnv({ PORT: "http", DATABASE_URL: "mysql://x", SMTP_URL: "mail.example.com" });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid environment: /);
    expect(message).not.toContain("\n");
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL must be a postgres:// or postgresql:// URL");
    expect(message).toContain("SMTP_URL must be an smtp:// or smtps:// URL");
  });

  it("needs both hCaptcha keys when hCaptcha is chosen", () => {
    expect(() => parseEnv({ CAPTCHA_PROVIDER: "hcaptcha" })).toThrow(/HCAPTCHA_SITE_KEY/);
  });
});

describe(".env.example", () => {
  it("lists every variable of the schema, and parses as it is", async () => {
    const { readFileSync } = await import("node:fs");
    const { envSchema } = await import("~/server/env.server");
    const entries = readFileSync(".env.example", "utf8")
      .split("\n")
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => {
        const [name, ...rest] = line.split("=");
        return [name!, rest.join("=").replace(/^"|"$/g, "")] as const;
      });
    const listed = entries.map(([name]) => name).sort();
    const known = Object.keys(envSchema.shape).sort();
    expect(known.length).toBeGreaterThan(20);
    expect(listed).toEqual(known);
    expect(() => parseEnv(Object.fromEntries(entries))).not.toThrow();
  });
});
