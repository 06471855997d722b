import { redirect } from "react-router";
import { authorizeUser, type GuardOptions, type SignedInUser } from "~/kernel/session/authorize-user.server";
import type { PageQuery } from "~/kernel/session/page-query.server";
import type { RequestContext } from "~/server/http/request-context.server";
import type { AppServices } from "~/server/services.server";

/** The route guard: the signed-in user (with `page`, the page's data from the same statement), else a redirect. */
export async function requireUser(
  services: AppServices,
  ctx: RequestContext,
  options?: GuardOptions,
): Promise<SignedInUser>;
export async function requireUser<T>(
  services: AppServices,
  ctx: RequestContext,
  options: GuardOptions & { page: PageQuery<T> },
): Promise<SignedInUser & { page: T }>;
export async function requireUser<T>(
  services: AppServices,
  ctx: RequestContext,
  options: GuardOptions & { page?: PageQuery<T> } = {},
) {
  const found = await authorizeUser(services, ctx, options as GuardOptions & { page: PageQuery<T> });
  if (!found.ok) throw redirect(found.redirectTo);
  return found.user;
}
