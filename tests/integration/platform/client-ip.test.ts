import { desc } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { contactMessages } from "~/domains/marketing/tables.server";
import { startTestServer, type TestServer } from "../../support/test-server";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function storedIpAfterPostingVia(forwardedFor: string) {
  const body = new URLSearchParams({
    name: "Ada",
    email: "ada@example.com",
    subject: "IP",
    message: "Where am I from?",
  });
  const response = await server!.request("/contact", {
    method: "POST",
    body,
    headers: { "x-forwarded-for": forwardedFor },
  });
  expect(response.status).toBe(200);
  const [row] = await server!.db
    .select({ ip: contactMessages.ipAddress })
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt))
    .limit(1);
  return row?.ip;
}

describe("client IP", () => {
  it("ignores X-Forwarded-For when no proxy is trusted (a client cannot choose its address)", async () => {
    server = await startTestServer();
    expect(await storedIpAfterPostingVia("203.0.113.9")).toBe("127.0.0.1");
  });

  it("takes X-Forwarded-For from a trusted proxy", async () => {
    server = await startTestServer({ TRUSTED_PROXIES: "loopback" });
    expect(await storedIpAfterPostingVia("203.0.113.9")).toBe("203.0.113.9");
  });
});
