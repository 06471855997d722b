import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm } from "../../support/form-post";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// A sale made offline before its shift closed, sent by the device after the close: the kept Z-report takes it as a
// late sale and its page says the report was amended; one made after the close is refused in plain words.

let server: TestServer;
let ada: SignedInCreator;
let registerId: string;
let productId: string;

const json = (path: string, body?: unknown) =>
  server.request(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { cookie: ada.jar.header(), "x-forwarded-for": ada.ip, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback" });
  ada = await createSignedInCreator(server, { firstName: "Ada" });
  const product = await server.db.execute<{ id: string }>(sql`
    insert into products (user_id, name, type, price_cents, currency, status)
    values (${ada.id}, 'Field Guide', 'ebook', 2500, 'USD', 'published') returning id`);
  productId = product.rows[0]!.id;
  expect((await json("/tools/pos")).status).toBe(200);
  const register = await server.db.execute<{ id: string }>(sql`select id from registers where user_id = ${ada.id}`);
  registerId = register.rows[0]!.id;
});
afterAll(async () => {
  await server?.stop();
});

describe("a late offline sale on the Z-report page", () => {
  it("amends the closed shift's report with the late sale and says so; refuses one made after the close", async () => {
    expect(
      (await postForm(server, "/tools/pos", { intent: "open-shift", registerId, openingFloat: "50" }, ada)).status,
    ).toBe(302);
    const shift = await server.db.execute<{ id: string }>(
      sql`select id from shifts where register_id = ${registerId}::uuid and closed_at is null`,
    );
    const shiftId = shift.rows[0]!.id;
    await server.db.execute(sql`update shifts set opened_at = now() - interval '2 hours' where id = ${shiftId}`);
    const closed = await postForm(server, "/tools/pos", { intent: "close-shift", shiftId, countedCash: "50" }, ada);
    expect(closed.status).toBe(302);
    const before = await (await json(`/tools/pos/shifts/${shiftId}`)).text();
    expect(before).not.toContain("Amended after closing");

    const sale = (soldAt: Date) => ({
      deviceSaleId: randomUUID(),
      shiftId,
      soldAt: soldAt.toISOString(),
      offline: true,
      lines: [{ productId, quantity: 1, unitPriceCents: 2500 }],
      payments: [{ method: "cash", amountCents: 2500, tenderedCents: 3000 }],
    });
    const late = await json("/api/pos/sales", sale(new Date(Date.now() - 30 * 60_000)));
    expect(late.status).toBe(200);
    const after = await json("/api/pos/sales", sale(new Date(Date.now() + 5 * 60_000)));
    expect(after.status).toBe(409);
    expect(await after.json()).toMatchObject({
      code: "POS_SALE_AFTER_CLOSE",
      error: expect.stringContaining("after its shift was closed"),
    });

    const page = await json(`/tools/pos/shifts/${shiftId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Amended after closing: 1 late sale recorded offline");
    expect(html).toContain("Late sales");
    // The float plus the late sale's cash is expected; the count stays what was counted.
    expect(html).toContain("$75.00");
    expect(html).toContain("Short");
  });
});
