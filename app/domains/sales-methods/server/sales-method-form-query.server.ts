import { sql } from "drizzle-orm";
import type { SalesMethodKey } from "~/domains/sales-methods/content/sales-methods";
import { combinePageQueries, type PageQuery } from "~/kernel/session/page-query.server";
import { salesMethodQuery, type SavedSalesMethod } from "./sales-method-query.server";

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

/** A sales-method form's page query: its saved setup plus `extra`, read in the session check's statement. */
export function salesMethodFormQuery(method: SalesMethodKey, extra: PageQuery<unknown> = NOTHING_MORE): FormQuery {
  const ofMethod = formQueries.get(method) ?? new Map<PageQuery<unknown>, FormQuery>();
  formQueries.set(method, ofMethod);
  let query = ofMethod.get(extra);
  if (!query) {
    query = combinePageQueries({ saved: salesMethodQuery(method), extra });
    ofMethod.set(extra, query);
  }
  return query;
}

/** The form's starting values (the saved setup over `defaults`) and its saved row, from the page query's row. */
export function salesMethodFormOf(
  read: { saved: SavedSalesMethod | null },
  defaults: Record<string, unknown>,
): SalesMethodFormData {
  const { saved } = read;
  return {
    values: { ...defaults, ...(saved?.settings ?? {}) },
    saved: saved ? { id: saved.id, updatedAt: saved.updatedAt.toISOString() } : null,
  };
}
