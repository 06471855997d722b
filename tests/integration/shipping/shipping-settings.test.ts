import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPPING_MESSAGES } from "~/domains/shipping/schemas/shipping-settings";
import { type FormFields, postForm, toastOf } from "../../support/form-post";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// The seller's shipping settings over HTTP: zones of countries (one zone per country), rates flat or by weight bands,
// refusals on their fields, and nobody else's zones touched.

let server: TestServer;
let creator: SignedInCreator;
const html = (text: string) => text.replace(/'/g, "&#x27;");

function post(fields: FormFields, who: SignedInCreator = creator) {
  return postForm(server, "/tools/shipping", fields, { jar: who.jar, ip: who.ip });
}

async function page(who: SignedInCreator = creator) {
  const response = await server.request("/tools/shipping", {
    headers: { cookie: who.jar.header(), "x-forwarded-for": who.ip },
  });
  return { status: response.status, text: await response.text() };
}

const zones = async (userId: string) =>
  (
    await server.db.execute<{ id: string; name: string; countries: string[] }>(
      sql`select id, name, countries from shipping_zones where user_id = ${userId} order by position`,
    )
  ).rows;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback" });
  creator = await createSignedInCreator(server, { firstName: "Ada", businessTypes: ["online_store"] });
});
afterAll(async () => {
  await server?.stop();
});

describe("shipping settings", () => {
  it("starts empty, then adds a zone, a rate by weight, and refuses a country in two zones", async () => {
    const empty = await page();
    expect(empty.status).toBe(200);
    expect(empty.text).toContain("No shipping zones yet.");

    const noCountries = await post({ intent: "save-zone", name: "Europe" });
    expect(noCountries.status).toBe(400);
    expect(await noCountries.text()).toContain(SHIPPING_MESSAGES.countries);

    const saved = await post({ intent: "save-zone", name: "Europe", countries: ["FR", "DE"] });
    expect(saved.status).toBe(302);
    expect(toastOf(saved)?.title).toBe("Shipping zone saved");
    const [europe] = await zones(creator.id);
    expect(europe).toMatchObject({ name: "Europe", countries: ["DE", "FR"] });

    const twice = await post({ intent: "save-zone", name: "France again", countries: ["FR", "ES"] });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("France is already in the zone Europe.");
    expect(await zones(creator.id)).toHaveLength(1);

    const world = await post({ intent: "save-zone", name: "Everywhere else", restOfWorld: "on" });
    expect(world.status).toBe(302);
    const secondWorld = await post({ intent: "save-zone", name: "World 2", restOfWorld: "on" });
    expect(secondWorld.status).toBe(409);
    expect(await secondWorld.text()).toContain("Rest of world is already in the zone Everywhere else.");

    const unsorted = await post({
      intent: "save-rate",
      zoneId: europe!.id,
      name: "Post",
      kind: "weight",
      "bands[0].maxGrams": "2000",
      "bands[0].price": "9",
      "bands[1].maxGrams": "500",
      "bands[1].price": "4",
    });
    expect(unsorted.status).toBe(400);
    expect(await unsorted.text()).toContain(html(SHIPPING_MESSAGES.bandsUnsorted));

    const negative = await post({ intent: "save-rate", zoneId: europe!.id, name: "Flat", kind: "flat", price: "-2" });
    expect(negative.status).toBe(400);
    expect(await negative.text()).toContain(SHIPPING_MESSAGES.price);

    const rate = await post({
      intent: "save-rate",
      zoneId: europe!.id,
      name: "Post",
      kind: "weight",
      "bands[0].maxGrams": "500",
      "bands[0].price": "4",
      "bands[1].maxGrams": "2000",
      "bands[1].price": "9",
      freeAbove: "80",
    });
    expect(rate.status).toBe(302);
    const listed = await page();
    expect(listed.text).toContain("Up to 500 g: $4.00 · up to 2,000 g: $9.00; free from $80.00");
    expect(listed.text).toContain("Germany, France");
  });

  it("edits and deletes only the creator's own zones and rates", async () => {
    const other = await createSignedInCreator(server, { firstName: "Eve", businessTypes: ["online_store"] });
    expect((await post({ intent: "save-zone", name: "Mine", countries: ["JP"] }, other)).status).toBe(302);
    const [theirs] = await zones(other.id);

    expect((await post({ intent: "save-zone", id: theirs!.id, name: "Stolen", countries: ["JP"] })).status).toBe(404);
    expect((await post({ intent: "delete-zone", id: theirs!.id })).status).toBe(404);
    expect((await post({ intent: "save-rate", zoneId: theirs!.id, name: "X", kind: "flat", price: "1" })).status).toBe(
      404,
    );
    expect(await zones(other.id)).toMatchObject([{ name: "Mine" }]);

    // Their Japan does not clash with mine: a country is in one zone per seller.
    expect((await post({ intent: "save-zone", name: "Asia", countries: ["JP"] })).status).toBe(302);
    const asia = (await zones(creator.id)).find((zone) => zone.name === "Asia")!;
    expect((await post({ intent: "save-zone", id: asia.id, name: "Japan", countries: ["JP", "KR"] })).status).toBe(302);
    expect((await zones(creator.id)).find((zone) => zone.id === asia.id)).toMatchObject({
      name: "Japan",
      countries: ["JP", "KR"],
    });
    expect((await post({ intent: "delete-zone", id: asia.id })).status).toBe(302);
    expect((await zones(creator.id)).some((zone) => zone.id === asia.id)).toBe(false);
  });
});
