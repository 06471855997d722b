import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIO_MESSAGES, bioBlockSchema } from "~/domains/link-in-bio/schemas/bio-forms";
import { saveBioBlock } from "~/domains/link-in-bio/server/save-bio-block.server";
import { createSeller, type Seller } from "../../support/checkout-seller";
import { postForm } from "../../support/form-post";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// A Link in Bio block's schedule as the editor sends it: a time that does not exist is refused on its field, never
// dropped (a dropped "show from" would show the block at once).

let server: TestServer;
let creator: SignedInCreator;
let seller: Seller;

beforeAll(async () => {
  server = await startTestServer({ STORE_PAGE_CACHE_SECONDS: "0", TRUSTED_PROXIES: "loopback" });
  creator = await createSignedInCreator(server);
  seller = await createSeller(server.db, { priceCents: 900 }, creator.id);
});
afterAll(() => server?.stop());

const edit = (fields: Record<string, string>) =>
  postForm(server, "/tools/bio-link", fields, { jar: creator.jar, ip: creator.ip });
const link = (title: string, schedule: Record<string, string>) => ({
  intent: "block",
  kind: "link",
  title,
  url: "https://example.org/launch",
  ...schedule,
});

describe("a bio block's schedule", () => {
  it("refuses a day that does not exist or a year PostgreSQL has no day for, on its field, and saves nothing", async () => {
    const cases: Record<string, string>[] = [
      { showFrom: "2031-02-30T10:00" },
      { showFrom: "2031-04-31T09:00" },
      { showFrom: "0000-06-01T10:00" },
      { showUntil: "2031-02-29T18:00" },
      { showFrom: "2031-01-01T10:00", showUntil: "10000-01-01T10:00" },
    ];
    for (const [index, schedule] of cases.entries()) {
      const refused = await edit(link(`Launch ${index}`, schedule));
      const body = await refused.text();
      expect(refused.status, JSON.stringify(schedule)).toBe(400);
      expect(body, JSON.stringify(schedule)).toContain(BIO_MESSAGES.when);
    }
    const saved = await server.db.execute(sql`select title from bio_blocks where user_id = ${creator.id}`);
    expect(saved.rows).toEqual([]);
    const page = await server.request(`/s/${seller.handle}/links`);
    expect(await page.text()).not.toContain("Launch");
  });

  it("keeps a schedule of the first century in its own years and hides the block until then", async () => {
    expect((await edit(link("Roman sale", { showUntil: "0099-07-14T12:00" }))).status).toBe(302);
    expect((await edit(link("Far sale", { showFrom: "9999-12-30T12:00" }))).status).toBe(302);
    const rows = await server.db.execute<{ title: string; show_from: string | null; show_until: string | null }>(
      sql`select title, to_char(show_from at time zone 'UTC', 'YYYY-MM-DD') as show_from,
        to_char(show_until at time zone 'UTC', 'YYYY-MM-DD') as show_until
        from bio_blocks where user_id = ${creator.id} order by title`,
    );
    expect(rows.rows).toEqual([
      { title: "Far sale", show_from: "9999-12-30", show_until: null },
      { title: "Roman sale", show_from: null, show_until: "0099-07-14" },
    ]);
    const page = await (await server.request(`/s/${seller.handle}/links`)).text();
    expect(page).not.toContain("Roman sale");
    expect(page).not.toContain("Far sale");
  });

  it("is refused by the verb too when a time it is given cannot be placed, whatever the form let through", async () => {
    const input = bioBlockSchema.parse({ kind: "link", title: "Verb", url: "https://example.org/" });
    expect(await saveBioBlock(server.db, creator.id, { ...input, showFrom: "2031-02-30T10:00" }, "UTC")).toMatchObject({
      ok: false,
      code: "BIO_SHOW_FROM_INVALID",
    });
    expect(await saveBioBlock(server.db, creator.id, { ...input, showUntil: "0000-01-01T00:00" }, "UTC")).toMatchObject(
      {
        ok: false,
        code: "BIO_SHOW_UNTIL_INVALID",
      },
    );
    const saved = await server.db.execute(sql`select 1 from bio_blocks where title = 'Verb'`);
    expect(saved.rows).toEqual([]);
  });
});
