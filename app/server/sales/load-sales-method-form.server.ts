import { requireUser } from "../auth/require-user.server";
import type { AppServices } from "../services";
import type { SalesMethodKey } from "~/content/sales-methods";
import { getSalesMethod } from "./get-sales-method.server";

export type SalesMethodFormData = {
  /** The values the form starts with: the saved setup, or the form's defaults when there is none. */
  values: Record<string, unknown>;
  /** The saved row (its id and last save), null before the first save. */
  saved: { id: string; updatedAt: string } | null;
};

/**
 * Loader of a sales-method form (protected): the signed-in creator's own saved setup, or the defaults. `userId` is
 * for further server reads; return only `values` and `saved` to the page.
 */
export async function loadSalesMethodForm(
  services: AppServices,
  request: Request,
  method: SalesMethodKey,
  defaults: Record<string, unknown>,
): Promise<SalesMethodFormData & { userId: string }> {
  const user = await requireUser(services, request);
  const saved = await getSalesMethod(services.db, user.id, method);
  return {
    userId: user.id,
    values: { ...defaults, ...(saved?.settings ?? {}) },
    saved: saved ? { id: saved.id, updatedAt: saved.updatedAt.toISOString() } : null,
  };
}
