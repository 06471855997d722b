import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import type { z } from "zod";
import { showToast, type ToastMessage } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";

/**
 * A sales-method form: the schema form started from the saved setup (or the defaults), which also toasts the
 * action's failure (values stay in the form).
 */
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
