import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import type { z } from "zod";
import { showToast, type ToastMessage } from "~/lib/toast";

/**
 * Conform's state for a sales-method form: starts from the saved setup (or the defaults), validates as the
 * creator types with the same schema as the action, and toasts the action's failure (values stay in the form).
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
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: actionData?.result,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
