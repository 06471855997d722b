import { eq } from "drizzle-orm";
import { poolOf } from "~/db/pool-of.server";
import { user } from "~/kernel/session/tables.server";
import { SESSION_COOKIE_PREFIX } from "~/server/http/session-cookie.server";
import { solvedCaptcha } from "./captcha";
import { nextClientIp } from "./client-ip";
import { CookieJar } from "./cookie-jar";
import { insertCreatorRows, signedCookieValue } from "./creator-rows";
import type { MailCatcher } from "./mail-catcher";
import type { TestServer } from "./test-server";

export const CREATOR_PASSWORD = "Str0ng&Unusual!";

let counter = 0;

export type SignedInCreator = { id: string; email: string; jar: CookieJar; ip: string };

type CreatorOptions = {
  email?: string;
  firstName?: string;
  businessTypes?: string[];
  storeName?: string;
  businessDescription?: string;
  targetCustomers?: string;
};

/** The user agent of the tests' requests (Node's fetch), which the made session records as a sign-in would. */
const FETCH_USER_AGENT = "node";

function nextEmail(): string {
  counter += 1;
  return `creator-${process.pid}-${counter}-${Date.now()}@example.com`;
}

/**
 * A verified creator with a business profile and password `CREATOR_PASSWORD`, made directly in the server's
 * database (`insertCreatorRows`) and signed in through `jar` with a session of its own client address `ip`.
 * For the tests that need a signed-in creator; those about registration, verification or a sign-in's history
 * make theirs over HTTP (`registerSignedInCreator`).
 */
export async function createSignedInCreator(
  server: TestServer,
  options: CreatorOptions = {},
): Promise<SignedInCreator> {
  const email = options.email ?? nextEmail();
  const ip = nextClientIp();
  const { id, sessionToken } = await insertCreatorRows(poolOf(server.db), {
    email,
    password: CREATOR_PASSWORD,
    firstName: options.firstName ?? "Ada",
    lastName: "Lovelace",
    storeName: options.storeName ?? "Ada's Atelier",
    businessDescription: options.businessDescription,
    targetCustomers: options.targetCustomers,
    businessTypes: options.businessTypes,
    ip,
    userAgent: FETCH_USER_AGENT,
  });
  const secret = server.services.env.AUTH_SECRET;
  if (!secret) throw new Error("the test server has no AUTH_SECRET to sign the session cookie with");
  const jar = new CookieJar();
  jar.set(`${SESSION_COOKIE_PREFIX}.session_token`, signedCookieValue(secret, sessionToken));
  return { id, email, jar, ip };
}

/**
 * A verified creator with a business profile, made over HTTP as a browser would (register, the link in the
 * mail, register step 2), signed in through `jar`. The server must trust loopback proxies.
 */
export async function registerSignedInCreator(
  server: TestServer,
  mail: MailCatcher,
  options: CreatorOptions = {},
): Promise<SignedInCreator> {
  const email = options.email ?? nextEmail();
  const ip = nextClientIp();
  const jar = new CookieJar();
  const send = async (path: string, body?: URLSearchParams | FormData) => {
    const response = await server.request(path, {
      method: body ? "POST" : "GET",
      body,
      headers: { "x-forwarded-for": ip, cookie: jar.header() },
    });
    jar.store(response);
    return response;
  };
  const registered = await send(
    "/auth?tab=register",
    new URLSearchParams({
      intent: "register",
      firstName: options.firstName ?? "Ada",
      lastName: "Lovelace",
      email,
      dateOfBirth: "1990-12-10",
      password: CREATOR_PASSWORD,
      confirmPassword: CREATOR_PASSWORD,
      captcha: await solvedCaptcha(server.origin),
    }),
  );
  if (registered.status !== 302) throw new Error(`register answered ${registered.status}`);
  const link = await waitForLink(mail, email);
  let response = await send(link.slice(server.origin.length));
  for (let hops = 0; hops < 5 && response.status >= 300 && response.status < 400; hops += 1) {
    const location = response.headers.get("location")!;
    response = await send(location.startsWith("http") ? location.slice(server.origin.length) : location);
  }
  const profile = new FormData();
  for (const [name, value] of [
    ["intent", "business-profile"],
    ["phone", "+1 555 123 4567"],
    ["storeName", options.storeName ?? "Ada's Atelier"],
    ["businessDescription", options.businessDescription ?? "Hand-drawn templates and guides for makers."],
    ["targetCustomers", options.targetCustomers ?? "Small craft businesses"],
    ["termsAccepted", "on"],
    ...(options.businessTypes ?? ["online_store"]).map((type) => ["businessTypes", type]),
  ])
    profile.append(name!, value!);
  const saved = await send("/auth?tab=register&step=2", profile);
  // A document POST (no JavaScript) is redirected to the dashboard once the profile is saved.
  if (saved.status !== 302 || saved.headers.get("location") !== "/dashboard")
    throw new Error(`business profile answered ${saved.status}`);
  const [row] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { id: row!.id, email, jar, ip };
}

async function waitForLink(mail: MailCatcher, email: string): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const message = mail.messages.filter((m) => m.to.includes(email) && m.subject.includes("Verify")).at(-1);
    const link = message && /(http:\/\/127\.0\.0\.1:\d+\/\S+)/.exec(message.text)?.[1];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification mail for ${email}`);
}
