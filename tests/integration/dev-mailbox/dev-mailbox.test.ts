import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../support/test-server";

describe("dev mailbox (no SMTP_URL)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: "development" });
  });
  afterAll(() => server?.stop());

  it("keeps mail in the database and shows it, as text, at /dev/mailbox", async () => {
    expect(server.services.mailer.kind).toBe("dev-mailbox");
    await server.services.mailer.send({
      to: "creator@example.com",
      subject: "Welcome <b>aboard</b>",
      text: "Hello <script>alert(1)</script>",
    });
    // Delivered into the dev mailbox by the outbox worker, just after send() (decision 011).
    const page = async () => (await server.request("/dev/mailbox")).text();
    await expect.poll(page).toContain("Welcome &lt;b&gt;aboard&lt;/b&gt;");
    const list = await page();
    const id = /href="\/dev\/mailbox\/([0-9a-f-]{36})"/.exec(list)?.[1];
    expect(id).toBeTruthy();
    const message = await server.request(`/dev/mailbox/${id}`);
    expect(message.status).toBe(200);
    const html = await message.text();
    expect(html).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;");
    expect((await server.request("/dev/mailbox/not-a-uuid")).status).toBe(404);
  });
});

describe("dev mailbox in production", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: "production" });
  });
  afterAll(() => server?.stop());

  it("does not exist", async () => {
    expect((await server.request("/dev/mailbox")).status).toBe(404);
  });

  it("sends HSTS", async () => {
    const response = await server.request("/");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });
});
