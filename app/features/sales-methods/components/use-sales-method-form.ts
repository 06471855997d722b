import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import type { z } from "zod";
import { showToast, type ToastMessage } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";

/** A sales-method form started from the saved setup or defaults, toasting the action's failure. */
export function useSalesMethodForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  defaultValue: Record<string, unknown>,
  actionData: { result: SubmissionResult<string[]>; toast: ToastMessage } | undefined,
) {
  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);
  return useSchemaForm(id, schema, actionData?.result, defaultValue);
}
