import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller } from "../../support/checkout-seller";
import { type FormFields, postForm } from "../../support/form-post";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// The Social Media Manager's pages over HTTP: each refusal answers with its message, the forms do what they say,
// and a seller sees only their own posts.

let server: TestServer;
let ada: SignedInCreator;
let bob: SignedInCreator;
let productId: string;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback" });
  ada = await createSignedInCreator(server, { businessTypes: ["social_media"] });
  bob = await createSignedInCreator(server, { businessTypes: ["social_media"] });
  ({ productId } = await createSeller(server.db, {}, ada.id));
  await server.db.execute(sql`insert into sales_methods (user_id, method, settings) values (${ada.id}, 'social_media',
    ${JSON.stringify({ businessName: "Ada", platforms: ["twitter", "tiktok"], contentTypes: ["tutorials"] })}::jsonb)`);
});
afterAll(async () => {
  await server?.stop();
});

const post = (who: SignedInCreator, path: string, fields: FormFields) =>
  postForm(server, path, fields, { jar: who.jar, ip: who.ip });
const get = (who: SignedInCreator, path: string) =>
  server.request(path, { headers: { cookie: who.jar.header(), "x-forwarded-for": who.ip } });
const plan = (fields: FormFields = {}) =>
  post(ada, "/tools/social/new", {
    intent: "save-post",
    platform: "twitter",
    contentType: "tutorials",
    text: "A new guide",
    productIds: productId,
    status: "scheduled",
    scheduledAt: "2099-06-01T10:00",
    ...fields,
  });

describe("the planner's forms", () => {
  it("refuse text over X's weighted limit, a past time and an unknown network with their messages", async () => {
    const long = await plan({ text: `${"a".repeat(259)} https://example.com/${"x".repeat(100)}` });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("This text is 3 over X (Twitter)&#x27;s limit of 280 characters");
    const past = await plan({ scheduledAt: "2020-01-01T10:00" });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("This time has already passed. Please pick a time from now on.");
    const other = await plan({ platform: "pinterest" });
    expect(other.status).toBe(400);
    expect(await other.text()).toContain("Please choose a platform from your Social Media setup.");
  });

  it("plan, move, duplicate and mark a post as posted; a bad address is refused", async () => {
    const planned = await plan();
    expect(planned.status).toBe(302);
    const page = planned.headers.get("location")!;
    const id = page.split("/").pop()!;
    const moved = await post(ada, "/tools/social?view=month&day=2099-06-01", {
      intent: "move-post",
      postId: id,
      date: "2099-06-03",
    });
    expect(moved.headers.get("location")).toBe("/tools/social?view=month&day=2099-06-01");
    const row = async (postId: string) =>
      (
        await server.db.execute<{
          scheduled_at: string;
          platform: string;
          status: string;
          code: string;
          public_url: string | null;
        }>(sql`select scheduled_at, platform, status, code, public_url from social_posts where id = ${postId}`)
      ).rows[0]!;
    // 10:00 in the seller's zone (UTC without a profile zone) stays 10:00 on the new day.
    expect(new Date((await row(id)).scheduled_at).toISOString()).toBe("2099-06-03T10:00:00.000Z");

    const copy = await post(ada, page, { intent: "duplicate-post", platform: "tiktok" });
    const copyId = copy.headers.get("location")!.split("/").pop()!;
    expect(copyId).not.toBe(id);
    expect(await row(copyId)).toMatchObject({ platform: "tiktok", status: "draft" });
    expect((await row(copyId)).code).not.toBe((await row(id)).code);

    const insecure = await post(ada, page, { intent: "mark-posted", publicUrl: "http://x.com/ada/status/1" });
    expect(insecure.status).toBe(400);
    expect(await insecure.text()).toContain("Please enter a secure address starting with https://.");
    expect((await post(ada, page, { intent: "mark-posted", publicUrl: "https://x.com/ada/status/1" })).status).toBe(
      302,
    );
    expect(await row(id)).toMatchObject({ status: "posted", public_url: "https://x.com/ada/status/1" });

    const html = await (await get(ada, page)).text();
    expect(html).toContain(`/t/${(await row(id)).code}`);
    expect(html).toContain("https://twitter.com/intent/tweet?text=");
  });

  it("show a seller only their own posts", async () => {
    const planned = await plan();
    const page = planned.headers.get("location")!;
    expect((await get(bob, page)).status).toBe(404);
    expect((await post(bob, page, { intent: "delete-post" })).status).toBe(404);
    expect(
      (await post(bob, "/tools/social", { intent: "move-post", postId: page.split("/").pop()!, date: "2099-07-01" }))
        .status,
    ).toBe(404);
    expect(await (await get(bob, "/tools/social")).text()).toContain("Choose the networks you sell on first.");
  });
});
