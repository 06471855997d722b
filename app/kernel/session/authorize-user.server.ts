import type { AppServices } from "~/server/services.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { securityEventRow } from "~/kernel/audit/security-event";
import { type Acting, actingFor } from "./acting.server";
import type { CurrentUser } from "./read-current-user.server";
import { readSessionUser, type SessionUser } from "./read-session-user.server";
import type { PageQuery } from "./page-query.server";
import { signInPath } from "./safe-redirect.server";
import { CLIENT_IP_HEADER } from "~/server/http/session-cookie.server";
import type { RequestContext } from "~/server/http/request-context.server";

/** Where a session that still owes its second factor is sent (every sign-in path: password, magic link, OAuth). */
export const TWO_FACTOR_CHALLENGE_PATH = "/auth/two-factor";

export type GuardOptions = {
  /** The loader context: the root loader's session lookup then shares this page's one statement. */
  batch?: object;
};

/** Where a request without a usable session is sent instead of the page. */
export type Unauthorized = { ok: false; redirectTo: string };

/** A signed-in user with the store they act for in this request. */
export type SignedInUser = CurrentUser & { acting: Acting };

/** The session check of a signed-in page: audits access and reads `page` in the same statement, or says where to go. */
export async function authorizeUser(
  services: AppServices,
  ctx: RequestContext,
  options?: GuardOptions,
): Promise<{ ok: true; user: SignedInUser } | Unauthorized>;
export async function authorizeUser<T>(
  services: AppServices,
  ctx: RequestContext,
  options: GuardOptions & { page: PageQuery<T> },
): Promise<{ ok: true; user: SignedInUser & { page: T } } | Unauthorized>;
export async function authorizeUser<T>(
  services: AppServices,
  ctx: RequestContext,
  { batch, page }: GuardOptions & { page?: PageQuery<T> } = {},
): Promise<{ ok: true; user: SignedInUser | (SignedInUser & { page: T }) } | Unauthorized> {
  const url = ctx.url;
  const route = url.pathname;
  const meta = {
    ipAddress: ctx.headers.get(CLIENT_IP_HEADER) ?? undefined,
    userAgent: ctx.headers.get("user-agent") ?? undefined,
  };
  const access = securityEventRow(
    {
      eventType: "authorized_access",
      eventCategory: "authorization",
      severity: "low",
      riskScore: 0,
      details: { route },
    },
    meta,
  );
  let user: (SessionUser & { page: T | undefined }) | null;
  try {
    user = await readSessionUser(services, ctx, { touch: true, access, page, batch });
  } catch (error) {
    services.logger.error({ err: error, route }, "route protection error");
    await recordSecurityEvent(
      services.db,
      {
        eventType: "route_protection_error",
        eventCategory: "authorization",
        severity: "medium",
        riskScore: 3,
        details: { route },
      },
      meta,
    );
    throw error;
  }
  if (!user) {
    await recordSecurityEvent(
      services.db,
      {
        eventType: "unauthorized_access_attempt",
        eventCategory: "authorization",
        severity: "low",
        riskScore: 1,
        details: { route, reason: "no_session" },
      },
      meta,
    );
    return { ok: false, redirectTo: signInPath(route, url.search) };
  }
  if (!user.emailVerified) {
    await recordSecurityEvent(
      services.db,
      {
        userId: user.id,
        eventType: "server_auth_validation_failed",
        eventCategory: "authorization",
        severity: "medium",
        riskScore: 3,
        details: { route, reason: "email_not_verified" },
      },
      meta,
    );
    return { ok: false, redirectTo: "/auth?tab=register&step=1.5" };
  }
  if (user.secondFactor === "pending")
    return { ok: false, redirectTo: `${TWO_FACTOR_CHALLENGE_PATH}?from=${encodeURIComponent(route + url.search)}` };
  const { secondFactor: _, activityRecorded: __, page: data, ...current } = user;
  const signedIn = { ...current, acting: actingFor(current) };
  return { ok: true, user: page ? { ...signedIn, page: data as T } : signedIn };
}
