import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storefronts } from "~/domains/catalog/tables.server";
import { salesMethods } from "~/domains/sales-methods/tables.server";
import { postForm } from "../../support/form-post";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// The storefront's "Find us at": upcoming public events only, with schema.org Event data, and never an event's
// fees, notes or stock.

let server: TestServer;
let seller: SignedInCreator;
let handle: string;

async function saveEvent(fields: Record<string, string>) {
  const response = await postForm(
    server,
    "/tools/events/new",
    {
      intent: "save-event",
      type: "farmers_markets",
      boothFee: "123.45",
      otherCosts: "67.89",
      notes: "Secret note: key under the mat",
      ...fields,
    },
    { jar: seller.jar, ip: seller.ip },
  );
  expect(response.status).toBe(302);
}

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback", STORE_PAGE_CACHE_SECONDS: "0" });
  seller = await createSignedInCreator(server, {
    storeName: "Ada's Atelier",
    businessTypes: ["online_store", "events"],
  });
  handle = `ada-${Date.now().toString(36)}`;
  await server.db.insert(storefronts).values({ userId: seller.id, handle });
  await server.db.insert(salesMethods).values({
    userId: seller.id,
    method: "online_store",
    settings: {
      storeName: "Ada's Atelier",
      storeDescription: "",
      category: "digital",
      currency: "EUR",
      theme: "classic",
    },
  });
  await server.db.execute(sql`update profiles set time_zone = 'Europe/Berlin' where user_id = ${seller.id}`);
  await saveEvent({
    name: "Christmas Market",
    startsAt: "2030-12-07T10:00",
    endsAt: "2030-12-07T18:00",
    venue: "Old Town Hall",
    address: "Marktplatz 1, Berlin",
    isPublic: "on",
  });
  await saveEvent({ name: "Private Trade Show", startsAt: "2030-12-08T10:00", endsAt: "2030-12-08T18:00" });
  await saveEvent({
    name: "Past Fair",
    startsAt: "2020-05-02T10:00",
    endsAt: "2020-05-02T18:00",
    isPublic: "on",
    confirmPast: "on",
  });
});
afterAll(async () => {
  await server?.stop();
});

describe("Find us at", () => {
  it("answers a handle that cannot be one (a NUL byte) with not found, never a server error", async () => {
    for (const path of ["/s/a%00b", "/s/%00"]) expect((await server.request(path)).status, path).toBe(404);
  });

  it("lists upcoming public events with a map link and Event data, and nothing private", async () => {
    const response = await server.request(`/s/${handle}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Find us at");
    expect(html).toContain("Christmas Market");
    expect(html).toContain("Dec 7, 2030, 10:00 AM");
    expect(html).toContain(
      "https://www.openstreetmap.org/search?query=Old%20Town%20Hall%2C%20Marktplatz%201%2C%20Berlin",
    );
    for (const hidden of ["Private Trade Show", "Past Fair", "123.45", "67.89", "Secret note", "B12"])
      expect(html).not.toContain(hidden);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    const events = blocks.flat().filter((block) => block["@type"] === "Event");
    expect(events).toEqual([
      expect.objectContaining({
        name: "Christmas Market",
        startDate: "2030-12-07T09:00:00.000Z",
        endDate: "2030-12-07T17:00:00.000Z",
        location: { "@type": "Place", name: "Old Town Hall", address: "Marktplatz 1, Berlin" },
      }),
    ]);
  });
});
