import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * Conform's form state for a zod schema, validated in the browser as the visitor types (SPEC §5) with the
 * same schema the action uses. `lastResult` is the server's answer, if any; `defaultValue` the starting values
 * of a form that edits saved data (checkbox groups as arrays, a ticked checkbox as "on").
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult?: SubmissionResult<string[]> | null,
  defaultValue?: Record<string, unknown>,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as DefaultValue<z.input<Schema>> | undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
