import { sql } from "drizzle-orm";
import type { SalesMethodKey } from "~/features/sales-methods/content/sales-methods";
import { combinePageQueries, type PageQuery } from "~/kernel/session/page-query.server";
import { requireUser } from "~/kernel/session/require-user.server";
import type { AppServices } from "~/server/services.server";
import { salesMethodQuery, type SavedSalesMethod } from "./sales-method-query.server";
import type { RequestContext } from "~/server/http/request-context.server";

export type SalesMethodFormData = {
  /** The values the form starts with: the saved setup, or the form's defaults when there is none. */
  values: Record<string, unknown>;
  /** The saved row (its id and last save), null before the first save. */
  saved: { id: string; updatedAt: string } | null;
};

const NOTHING_MORE: PageQuery<undefined> = { json: sql`null::json`, read: () => undefined };

type FormQuery = PageQuery<{ saved: SavedSalesMethod | null; extra: unknown }>;

/** One query object per form and extra, so the embedding statement is built and prepared once. */
const formQueries = new Map<SalesMethodKey, Map<PageQuery<unknown>, FormQuery>>();

function formQuery(method: SalesMethodKey, extra: PageQuery<unknown>): FormQuery {
  const ofMethod = formQueries.get(method) ?? new Map<PageQuery<unknown>, FormQuery>();
  formQueries.set(method, ofMethod);
  let query = ofMethod.get(extra);
  if (!query) {
    query = combinePageQueries({ saved: salesMethodQuery(method), extra });
    ofMethod.set(extra, query);
  }
  return query;
}

/** Loads a sales-method form's saved setup or defaults, plus `extra`, in the session check's statement. */
export async function loadSalesMethodForm<Extra = undefined>(
  services: AppServices,
  ctx: RequestContext,
  method: SalesMethodKey,
  defaults: Record<string, unknown>,
  { batch, extra }: { batch?: object; extra?: PageQuery<Extra> } = {},
): Promise<SalesMethodFormData & { extra: Extra }> {
  const { page: read } = await requireUser(services, ctx, { batch, page: formQuery(method, extra ?? NOTHING_MORE) });
  const { saved } = read;
  return {
    values: { ...defaults, ...(saved?.settings ?? {}) },
    saved: saved ? { id: saved.id, updatedAt: saved.updatedAt.toISOString() } : null,
    extra: read.extra as Extra,
  };
}
