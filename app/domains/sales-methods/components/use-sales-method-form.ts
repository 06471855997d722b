import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import type { z } from "zod";
import { showToast, type ToastMessage } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";

/** What a sales-method form's action answers when it does not redirect: Conform's reply and a toast. */
export type SalesMethodActionData = { result: SubmissionResult<string[]>; toast: ToastMessage } | undefined;

/** A sales-method form started from the saved setup or defaults, toasting the action's failure. */
export function useSalesMethodForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  defaultValue: Record<string, unknown>,
  actionData: SalesMethodActionData,
) {
  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);
  return useSchemaForm(id, schema, actionData?.result, defaultValue);
}
