import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { account } from "~/kernel/session/tables.server";
import { session } from "~/kernel/session/tables.server";
import { user } from "~/kernel/session/tables.server";
import { avatars, businessProfiles, profiles } from "~/kernel/store/tables.server";
import { contactMessages } from "~/domains/marketing/tables.server";
import { products } from "~/domains/catalog/tables.server";
import { salesMethods } from "~/domains/sales-methods/tables.server";
import { securityAudit } from "~/kernel/audit/tables.server";
import { insertOrder } from "../../support/order-rows";
import { nextClientIp } from "../../support/client-ip";
import { CookieJar } from "../../support/cookie-jar";
import { postForm, toastOf, type FormFields } from "../../support/form-post";
import { hostileBody } from "../../support/hostile-body";
import type { MailCatcher } from "../../support/mail-catcher";
import { CREATOR_PASSWORD, createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import type { TestServer } from "../../support/test-server";
import { serverWithMail } from "../../support/server-with-mail";

const PASSWORD = CREATOR_PASSWORD;
const NEW_PASSWORD = "N3w&Distinct!pw";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2d6a9d90000000049454e44ae426082",
  "hex",
);

let mail: MailCatcher;
let server: TestServer;
let userCounter = 0;

/**
 * A verified, signed-in creator with a business profile (Ada Lovelace of "Ada's Atelier"), made over HTTP like a
 * visitor.
 */
function createCreator(label = "creator"): Promise<SignedInCreator> {
  userCounter += 1;
  return createSignedInCreator(server, { email: `${label}-${userCounter}@example.com` });
}

/** Posts a settings form as `creator` (multipart, like the page). */
function post(creator: SignedInCreator, fields: FormFields, jar = creator.jar) {
  return postForm(server, "/settings", fields, { jar, ip: creator.ip, multipart: true });
}

function linkIn(to: string, subject: string) {
  const message = mail.messages.filter((m) => m.to.includes(to) && m.subject.includes(subject)).at(-1);
  return message ? /(http:\/\/127\.0\.0\.1:\d+\/\S+)/.exec(message.text)?.[1] : undefined;
}

async function waitForLink(to: string, subject: string) {
  await expect.poll(() => linkIn(to, subject), { timeout: 10_000 }).toBeTruthy();
  return linkIn(to, subject)!;
}

async function signedIn(jar: CookieJar) {
  const response = await server.request("/settings", { headers: { cookie: jar.header() } });
  await response.arrayBuffer();
  return response.status === 200;
}

async function signInJar(email: string, password: string) {
  const jar = new CookieJar();
  const response = await postForm(server, "/login", { intent: "sign-in", email, password }, { ip: nextClientIp() });
  jar.store(response);
  return { status: response.status, jar };
}

async function events(userId: string, eventType: string) {
  return server.db
    .select()
    .from(securityAudit)
    .where(and(eq(securityAudit.userId, userId), eq(securityAudit.eventType, eventType)));
}

const BUSINESS = {
  intent: "business-profile",
  phoneCountry: "+44",
  phone: "020 7946 0958",
  storeName: "Lovelace Labs",
  businessTypes: ["events", "social_media"],
  businessDescription: "Analytical engines, lovingly documented.",
  targetCustomers: "Curious engineers",
  companySize: "small_2_10",
  websiteUrl: "https://lovelace.example",
  preferredDelivery: ["digital"],
  preferredPayment: ["card", "paypal"],
  marketingConsent: "on",
};

serverWithMail({ TRUSTED_PROXIES: "loopback" }, (started) => {
  ({ mail, server } = started);
});
beforeEach(() => {
  mail.messages.length = 0;
});

describe("guard", () => {
  it("sends a signed-out visitor to /auth?from=/settings (page and action)", async () => {
    const page = await server.request("/settings");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/auth?from=%2Fsettings");
    const action = await server.request("/settings", {
      method: "POST",
      body: new URLSearchParams({ intent: "personal-profile", firstName: "Eve", lastName: "Evil" }),
    });
    expect(action.status).toBe(302);
    expect(action.headers.get("location")).toBe("/auth?from=%2Fsettings");
  });

  it("shows the page with the creator's values and no secrets", async () => {
    const creator = await createCreator();
    const response = await server.request("/settings", { headers: { cookie: creator.jar.header() } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Settings");
    expect(html).toContain("Back to dashboard");
    expect(html).toContain("Ada&#x27;s Atelier");
    expect(html).toContain(creator.email);
    const [credential] = await server.db
      .select({ hash: account.password })
      .from(account)
      .where(eq(account.userId, creator.id));
    expect(html).not.toContain(credential!.hash!);
  });
});

describe("personal profile", () => {
  it("saves names (and better-auth's user.name), with an event and a toast", async () => {
    const creator = await createCreator();
    const response = await post(creator, { intent: "personal-profile", firstName: "Augusta", lastName: "King" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings");
    expect(toastOf(response)).toMatchObject({ type: "success", title: "Profile updated" });
    const [row] = await server.db
      .select({ firstName: profiles.firstName, lastName: profiles.lastName, name: user.name })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(profiles.userId, creator.id));
    expect(row).toEqual({ firstName: "Augusta", lastName: "King", name: "Augusta King" });
    expect(await events(creator.id, "profile_updated")).toHaveLength(1);
  });

  it("refuses short names with registration's messages and keeps the values", async () => {
    const creator = await createCreator();
    const response = await post(creator, { intent: "personal-profile", firstName: "A", lastName: "B" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("First name must be at least 2 characters");
    expect(html).toContain("Last name must be at least 2 characters");
    const [row] = await server.db
      .select({ firstName: profiles.firstName })
      .from(profiles)
      .where(eq(profiles.userId, creator.id));
    expect(row?.firstName).toBe("Ada");
  });

  it("stores a real image, serves it from /avatars/:id, refuses a disguised file, and removes it", async () => {
    const creator = await createCreator();
    const uploaded = await post(creator, {
      intent: "personal-profile",
      firstName: "Ada",
      lastName: "Lovelace",
      avatar: new Blob([PNG], { type: "image/png" }),
    });
    expect(uploaded.status).toBe(302);
    const [withAvatar] = await server.db
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.userId, creator.id));
    expect(withAvatar?.avatarUrl).toMatch(/^\/avatars\/[0-9a-f-]{36}$/);
    const served = await server.request(withAvatar!.avatarUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");

    const disguised = await post(creator, {
      intent: "personal-profile",
      firstName: "Ada",
      lastName: "Lovelace",
      avatar: new Blob(["<svg onload=alert(1)>"], { type: "image/png" }),
    });
    expect(disguised.status).toBe(400);
    expect(await disguised.text()).toContain("Please choose an image file (PNG, JPEG, WebP or GIF)");
    expect(await server.db.select({ id: avatars.id }).from(avatars).where(eq(avatars.userId, creator.id))).toHaveLength(
      1,
    );

    const removed = await post(creator, {
      intent: "personal-profile",
      firstName: "Ada",
      lastName: "Lovelace",
      removeAvatar: "on",
    });
    expect(removed.status).toBe(302);
    const [without] = await server.db
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.userId, creator.id));
    expect(without?.avatarUrl).toBeNull();
    expect(await server.db.select({ id: avatars.id }).from(avatars).where(eq(avatars.userId, creator.id))).toHaveLength(
      0,
    );
    expect((await server.request(withAvatar!.avatarUrl!)).status).toBe(404);
  });
});

describe("business profile", () => {
  it("saves every field and keeps terms_accepted_at", async () => {
    const creator = await createCreator();
    const [before] = await server.db
      .select({ terms: businessProfiles.termsAcceptedAt })
      .from(businessProfiles)
      .where(eq(businessProfiles.userId, creator.id));
    const response = await post(creator, BUSINESS);
    expect(response.status).toBe(302);
    expect(toastOf(response)).toMatchObject({ type: "success", title: "Business profile updated" });
    const [row] = await server.db.select().from(businessProfiles).where(eq(businessProfiles.userId, creator.id));
    expect(row).toMatchObject({
      // E.164: the chosen code and the national number, its trunk 0 dropped.
      phone: "+442079460958",
      storeName: "Lovelace Labs",
      businessTypes: ["events", "social_media"],
      businessDescription: "Analytical engines, lovingly documented.",
      targetCustomers: "Curious engineers",
      companySize: "small_2_10",
      websiteUrl: "https://lovelace.example",
      preferredDelivery: ["digital"],
      preferredPayment: ["card", "paypal"],
      marketingConsent: true,
    });
    expect(row!.termsAcceptedAt.getTime()).toBe(before!.terms.getTime());
    expect(await events(creator.id, "business_profile_updated")).toHaveLength(1);

    // Unticking the consent and clearing optional fields is saved too.
    const { marketingConsent: _, ...withoutConsent } = BUSINESS;
    expect((await post(creator, { ...withoutConsent, websiteUrl: "", companySize: "" })).status).toBe(302);
    const [after] = await server.db.select().from(businessProfiles).where(eq(businessProfiles.userId, creator.id));
    expect(after).toMatchObject({ marketingConsent: false, websiteUrl: null, companySize: null });
  });

  it("shows a phone saved before the country code as it was, beside +1", async () => {
    const creator = await createCreator();
    await server.db
      .update(businessProfiles)
      .set({ phone: "555 123 4567" })
      .where(eq(businessProfiles.userId, creator.id));
    const html = await (
      await server.request("/settings", { headers: { cookie: creator.jar.header(), "x-forwarded-for": creator.ip } })
    ).text();
    expect(html).toMatch(
      /<input[^>]*type="tel"[^>]*value="555 123 4567"|<input[^>]*value="555 123 4567"[^>]*type="tel"/,
    );
    expect(html).toMatch(/<option value="\+1" selected="">United States and Canada \(\+1\)<\/option>/);
  });

  it("refuses invalid values with the registration messages", async () => {
    const creator = await createCreator();
    const response = await post(creator, {
      ...BUSINESS,
      storeName: "X",
      phone: "123",
      businessTypes: [],
      websiteUrl: "javascript:alert(1)",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of [
      "Store name must be at least 2 characters",
      "Please enter a valid phone number",
      "Please select at least one business type",
      "Please enter a valid URL",
    ]) {
      expect(html).toContain(message);
    }
    const [row] = await server.db
      .select({ storeName: businessProfiles.storeName })
      .from(businessProfiles)
      .where(eq(businessProfiles.userId, creator.id));
    expect(row?.storeName).toBe("Ada's Atelier");
  });
});

describe("change email", () => {
  it("refuses a wrong current password and changes nothing", async () => {
    const creator = await createCreator();
    const response = await post(creator, {
      intent: "change-email",
      newEmail: "elsewhere@example.com",
      currentPassword: "Wrong&Pass1",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Current password is incorrect");
    expect(mail.messages.some((m) => m.to.includes("elsewhere@example.com"))).toBe(false);
    expect(await events(creator.id, "reauthentication_failed")).toHaveLength(1);
  });

  it("mails the NEW address and changes the email only once its link is opened", async () => {
    const creator = await createCreator();
    const newEmail = `moved-${userCounter}@example.com`;
    const response = await post(creator, {
      intent: "change-email",
      newEmail: newEmail.toUpperCase(),
      currentPassword: PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings");
    expect(toastOf(response)).toMatchObject({
      type: "success",
      title: "Check your new inbox to confirm your email change",
    });
    const link = await waitForLink(newEmail, "Confirm your new email");
    expect(
      mail.messages.some((m) => m.to.includes(creator.email) && m.subject.includes("Confirm your new email")),
    ).toBe(false);
    // The current address is told, without the full new address.
    await expect
      .poll(
        () =>
          mail.messages.find(
            (m) => m.to.includes(creator.email) && m.subject === "A change of your Sellkit email was requested",
          )?.text,
      )
      .toContain("m•••@example.com");
    expect(
      mail.messages.find((m) => m.to.includes(creator.email) && m.subject.startsWith("A change"))!.text,
    ).not.toContain(newEmail);
    expect(link).toContain("/api/auth/verify-email?token=");

    // Not yet: the account still has its old address.
    const [before] = await server.db.select({ email: user.email }).from(user).where(eq(user.id, creator.id));
    expect(before?.email).toBe(creator.email);

    const opened = await server.request(new URL(link).pathname + new URL(link).search, {
      headers: { cookie: creator.jar.header() },
    });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/settings?email-changed=1");
    creator.jar.store(opened);
    const [after] = await server.db
      .select({ email: user.email, verified: user.emailVerified })
      .from(user)
      .where(eq(user.id, creator.id));
    expect(after).toEqual({ email: newEmail, verified: true });
    const landing = await server.request("/settings?email-changed=1", { headers: { cookie: creator.jar.header() } });
    expect(landing.status).toBe(302);
    expect(toastOf(landing)).toMatchObject({ type: "success", title: "Email changed" });

    expect((await signInJar(newEmail, PASSWORD)).status).toBe(302);
    expect((await signInJar(creator.email, PASSWORD)).status).toBe(400);
    // The link works once: the token names the old address, which the account no longer has.
    const reused = await server.request(new URL(link).pathname + new URL(link).search);
    expect(reused.headers.get("location")).toContain("error=");
    const requested = await events(creator.id, "email_change_requested");
    expect(requested).toHaveLength(1);
    expect(JSON.stringify(requested[0]!.details)).not.toContain(newEmail);
  });

  it("answers a taken address exactly like a free one, and mails nobody", async () => {
    const owner = await createCreator("owner");
    const creator = await createCreator();
    const taken = await post(creator, { intent: "change-email", newEmail: owner.email, currentPassword: PASSWORD });
    const free = await post(creator, {
      intent: "change-email",
      newEmail: `free-${userCounter}@example.com`,
      currentPassword: PASSWORD,
    });
    expect(taken.status).toBe(free.status);
    expect(taken.headers.get("location")).toBe(free.headers.get("location"));
    const cookieValues = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]);
    expect(cookieValues(taken)).toEqual(cookieValues(free));
    await waitForLink(`free-${userCounter}@example.com`, "Confirm your new email");
    expect(toastOf(taken)).toMatchObject({ title: "Check your new inbox to confirm your email change" });
    expect(mail.messages.some((m) => m.to.includes(owner.email) && m.subject.includes("Confirm your new email"))).toBe(
      false,
    );
    const [row] = await server.db.select({ email: user.email }).from(user).where(eq(user.id, creator.id));
    expect(row?.email).toBe(creator.email);
  });

  it("refuses an invalid address with the spec message", async () => {
    const creator = await createCreator();
    const response = await post(creator, {
      intent: "change-email",
      newEmail: "not-an-email",
      currentPassword: PASSWORD,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter a valid email address");
  });
});

describe("change password", () => {
  it("signs other sessions out, keeps this one, mails a notice and accepts the new password", async () => {
    const creator = await createCreator();
    const other = await signInJar(creator.email, PASSWORD);
    expect(await signedIn(other.jar)).toBe(true);
    const response = await post(creator, {
      intent: "change-password",
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings");
    expect(toastOf(response)).toMatchObject({
      type: "success",
      title: "Password changed. Other sessions were signed out.",
    });
    expect(await signedIn(creator.jar)).toBe(true);
    expect(await signedIn(other.jar)).toBe(false);
    await expect
      .poll(() =>
        mail.messages.some(
          (m) =>
            m.to.includes(creator.email) &&
            m.subject === "Your Sellkit password was changed" &&
            m.text.includes("other sessions"),
        ),
      )
      .toBe(true);
    expect((await signInJar(creator.email, PASSWORD)).status).toBe(400);
    expect((await signInJar(creator.email, NEW_PASSWORD)).status).toBe(302);
    const changed = await events(creator.id, "password_changed");
    expect(changed).toHaveLength(1);
    expect(JSON.stringify(changed[0]!.details)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(changed[0]!.details)).not.toContain(PASSWORD);
  });

  it("refuses weak, common and mismatched new passwords with the registration messages", async () => {
    const creator = await createCreator();
    const weak = await post(creator, {
      intent: "change-password",
      currentPassword: PASSWORD,
      password: "short",
      confirmPassword: "short",
    });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Password must be at least 8 characters");
    const plain = await post(creator, {
      intent: "change-password",
      currentPassword: PASSWORD,
      password: "alllowercase1",
      confirmPassword: "alllowercase1",
    });
    expect(await plain.text()).toContain("Password must contain uppercase, lowercase, number and special character");
    const mismatch = await post(creator, {
      intent: "change-password",
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    });
    expect(await mismatch.text()).toContain("Passwords don&#x27;t match");
    const common = await post(creator, {
      intent: "change-password",
      currentPassword: PASSWORD,
      password: "Password1!",
      confirmPassword: "Password1!",
    });
    expect(common.status).toBe(400);
    expect(await common.text()).toContain("This password is too common. Please choose another one.");
    expect((await signInJar(creator.email, PASSWORD)).status).toBe(302);
  });

  it("refuses a wrong current password and limits wrong attempts per user", async () => {
    const creator = await createCreator();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await post(creator, {
        intent: "change-password",
        currentPassword: `Wrong&Pass${i}`,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      statuses.push(response.status);
      if (i === 0) expect(await response.text()).toContain("Current password is incorrect");
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    // Now even the right password waits: guessing through a stolen session is capped.
    const limited = await post(creator, {
      intent: "change-password",
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many attempts");
    const limitedDelete = await post(creator, {
      intent: "delete-account",
      currentPassword: PASSWORD,
      confirmation: "DELETE",
    });
    expect(limitedDelete.status).toBe(429);
    expect((await signInJar(creator.email, PASSWORD)).status).toBe(302);
    expect(await events(creator.id, "reauthentication_rate_limited")).not.toHaveLength(0);
  });
});

/** Every (table, column) holding a user id or an email address, read from the live schema. */
async function userColumns() {
  const result = await server.db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and (column_name = 'user_id' or column_name like '%email%' or (table_name = 'user'
      and column_name = 'id'))
  `);
  return result.rows;
}

/** Columns that hold someone else's records about this address: orders the person placed with OTHER creators. */
const NOT_THE_USERS: string[] = ["orders.customer_email"];

async function rowsOf(id: string, email: string) {
  const found: string[] = [];
  for (const { table_name, column_name } of await userColumns()) {
    if (NOT_THE_USERS.includes(`${table_name}.${column_name}`)) continue;
    const value = column_name === "user_id" || column_name === "id" ? id : email;
    const result = await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where lower(${sql.identifier(column_name)}::text) = lower(${value})`,
    );
    const n = result.rows[0]!.n;
    if (n > 0) found.push(`${table_name}.${column_name}: ${n}`);
  }
  const verification = await server.db.execute<{ n: number }>(
    sql`select count(*)::int as n from verification where value = ${id} or identifier = ${email} or position(${email} in value) > 0`,
  );
  if (verification.rows[0]!.n > 0) found.push("verification");
  const buckets = await server.db.execute<{ n: number }>(
    sql`select count(*)::int as n from app_rate_limits where position(${email} in bucket) > 0 or position(${id} in bucket) > 0`,
  );
  if (buckets.rows[0]!.n > 0) found.push("app_rate_limits");
  const audit = await server.db.execute<{ n: number }>(
    sql`select count(*)::int as n from security_audit where position(${email} in details::text) > 0 or position(${id} in details::text) > 0`,
  );
  if (audit.rows[0]!.n > 0) found.push("security_audit.details");
  return found;
}

describe("delete account", () => {
  it("needs the confirmation and the right password", async () => {
    const creator = await createCreator();
    const unconfirmed = await post(creator, {
      intent: "delete-account",
      currentPassword: PASSWORD,
      confirmation: "delete please",
    });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Please type DELETE to confirm");
    const wrong = await post(creator, {
      intent: "delete-account",
      currentPassword: "Wrong&Pass1",
      confirmation: "DELETE",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Current password is incorrect");
    const missing = await post(creator, { intent: "delete-account", confirmation: "DELETE" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please enter your current password");
    expect(await signedIn(creator.jar)).toBe(true);
  });

  it("removes every row of the user in one go, signs out, mails a notice, and leaves an anonymous event", async () => {
    const creator = await createCreator();
    const bystander = await createCreator("bystander");
    // Data in every corner: avatar, workspace rows, a magic-link token, a failed sign-in (bucket + event), a contact
    // message.
    expect(
      (
        await post(creator, {
          intent: "personal-profile",
          firstName: "Ada",
          lastName: "Lovelace",
          avatar: new Blob([PNG], { type: "image/png" }),
        })
      ).status,
    ).toBe(302);
    await server.db.insert(salesMethods).values({ userId: creator.id, method: "online_store", settings: {} });
    const [product] = await server.db
      .insert(products)
      .values({ userId: creator.id, name: "Guide", priceCents: 900, currency: "USD" })
      .returning({ id: products.id });
    await insertOrder(server.db, {
      userId: creator.id,
      productId: product!.id,
      customerEmail: "buyer@example.com",
      amountCents: 900,
      currency: "USD",
    });
    await server.db
      .insert(contactMessages)
      .values({ name: "Ada", email: creator.email, subject: "Hello", message: "A question about plans." });
    expect(
      (
        await server.request("/auth", {
          method: "POST",
          body: new URLSearchParams({ intent: "magic-link", email: creator.email }),
          headers: { "x-forwarded-for": nextClientIp() },
        })
      ).status,
    ).toBe(200);
    expect((await signInJar(creator.email, "Wrong&Pass1")).status).toBe(400);
    const other = await signInJar(creator.email, PASSWORD);
    expect((await rowsOf(creator.id, creator.email)).length).toBeGreaterThan(8);

    const oldCookie = creator.jar.header();
    const response = await post(creator, {
      intent: "delete-account",
      currentPassword: PASSWORD,
      confirmation: "DELETE",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("sellkit.session_token=;") && /max-age=0/i.test(c))).toBe(true);
    expect(toastOf(response)).toMatchObject({ type: "success", title: "Your account was deleted" });

    expect(await rowsOf(creator.id, creator.email)).toEqual([]);
    expect((await server.request("/settings", { headers: { cookie: oldCookie } })).status).toBe(302);
    expect(await signedIn(other.jar)).toBe(false);
    expect((await signInJar(creator.email, PASSWORD)).status).toBe(400);
    await expect
      .poll(() =>
        mail.messages.some((m) => m.to.includes(creator.email) && m.subject === "Your Sellkit account was deleted"),
      )
      .toBe(true);

    const [deletion] = await server.db
      .select()
      .from(securityAudit)
      .where(eq(securityAudit.eventType, "account_deleted"))
      .orderBy(sql`created_at desc`)
      .limit(1);
    expect(deletion).toMatchObject({ userId: null, ipAddress: null, userAgent: null });
    expect(JSON.stringify(deletion!.details)).not.toMatch(/@|Lovelace/);

    // The bystander is untouched.
    expect(await signedIn(bystander.jar)).toBe(true);
    expect(
      await server.db
        .select({ id: businessProfiles.userId })
        .from(businessProfiles)
        .where(eq(businessProfiles.userId, bystander.id)),
    ).toHaveLength(1);
  });

  it("for an account without a password: the typed email and a sign-in under 10 minutes old", async () => {
    const creator = await createCreator();
    // As if the account came from OAuth: no credential password.
    await server.db.update(account).set({ password: null }).where(eq(account.userId, creator.id));
    const wrongEmail = await post(creator, {
      intent: "delete-account",
      confirmEmail: "someone@example.com",
      confirmation: "DELETE",
    });
    expect(wrongEmail.status).toBe(400);
    expect(await wrongEmail.text()).toContain("Please type your account&#x27;s email address to confirm");

    await server.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(session.userId, creator.id));
    const stale = await post(creator, {
      intent: "delete-account",
      confirmEmail: creator.email,
      confirmation: "DELETE",
    });
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain("please sign out and sign in again");

    await server.db.update(session).set({ createdAt: new Date() }).where(eq(session.userId, creator.id));
    const deleted = await post(creator, {
      intent: "delete-account",
      confirmEmail: creator.email.toUpperCase(),
      confirmation: "DELETE",
    });
    expect(deleted.status).toBe(302);
    expect(await rowsOf(creator.id, creator.email)).toEqual([]);
  });
});

describe("cross-user", () => {
  it("only ever touches the signed-in user's rows, whatever ids the body names", async () => {
    const alice = await createCreator("alice");
    const bob = await createCreator("bob");
    const hostile = { userId: alice.id, id: alice.id, user_id: alice.id, email: alice.email };
    expect(
      (await post(bob, { ...hostile, intent: "personal-profile", firstName: "Bobby", lastName: "Tables" })).status,
    ).toBe(302);
    expect((await post(bob, { ...hostile, ...BUSINESS, storeName: "Bob's Bits" })).status).toBe(302);
    expect(
      (
        await post(bob, {
          ...hostile,
          intent: "change-email",
          newEmail: `bob-new-${userCounter}@example.com`,
          currentPassword: PASSWORD,
        })
      ).status,
    ).toBe(302);
    // Alice's password does not work through Bob's session (it is Bob's current password that is asked).
    expect(
      (
        await post(bob, {
          ...hostile,
          intent: "change-password",
          currentPassword: PASSWORD.replace("S", "s"),
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        })
      ).status,
    ).toBe(400);
    expect(
      (await post(bob, { ...hostile, intent: "delete-account", currentPassword: PASSWORD, confirmation: "DELETE" }))
        .status,
    ).toBe(302);

    const [aliceRow] = await server.db
      .select({
        email: user.email,
        name: user.name,
        firstName: profiles.firstName,
        storeName: businessProfiles.storeName,
      })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .innerJoin(businessProfiles, eq(businessProfiles.userId, user.id))
      .where(eq(user.id, alice.id));
    expect(aliceRow).toEqual({
      email: alice.email,
      name: "Ada Lovelace",
      firstName: "Ada",
      storeName: "Ada's Atelier",
    });
    expect(await signedIn(alice.jar)).toBe(true);
    expect((await signInJar(alice.email, PASSWORD)).status).toBe(302);
    expect(await rowsOf(bob.id, bob.email)).toEqual([]);
  });
});

describe("hostile bodies", () => {
  it("never answer 5xx", async () => {
    const creator = await createCreator("hostile");
    const FIELDS = [
      "intent",
      "firstName",
      "lastName",
      "avatar",
      "removeAvatar",
      "phone",
      "phoneCountry",
      "storeName",
      "businessTypes",
      "businessDescription",
      "targetCustomers",
      "companySize",
      "websiteUrl",
      "preferredDelivery",
      "preferredPayment",
      "marketingConsent",
      "newEmail",
      "currentPassword",
      "password",
      "confirmPassword",
      "confirmation",
      "confirmEmail",
      "userId",
      "__proto__",
      "constructor",
    ];
    const value = fc.oneof(
      fc.string({ maxLength: 100 }),
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.constantFrom(
        "",
        " ",
        "x".repeat(20_000),
        "DELETE",
        "a@b.co",
        creator.email,
        "Wrong&Pass1",
        "on",
        "online_store",
        "https://x.example",
        "javascript:alert(1)",
        "\u0000",
        "{}",
        "[]",
        "true",
      ),
    );
    const INTENTS = [
      "personal-profile",
      "business-profile",
      "change-email",
      "change-password",
      "delete-account",
      "unknown",
      "__proto__",
      "constructor",
      "toString",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 10 }),
        fc.constantFrom(...INTENTS),
        fc.constantFrom("urlencoded", "multipart", "json", "garbage"),
        async (fields, intent, encoding) => {
          const { body, headers } = hostileBody(Object.entries({ ...fields, intent }), encoding, "avatar");
          const response = await server.request("/settings", {
            method: "POST",
            body,
            headers: { ...headers, cookie: creator.jar.header(), "x-forwarded-for": creator.ip },
          });
          await response.arrayBuffer();
          expect(response.status, `${intent} ${encoding}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    // The account survived (no body knew the password).
    expect(await server.db.select({ id: user.id }).from(user).where(eq(user.id, creator.id))).toHaveLength(1);
  });
});
