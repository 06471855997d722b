import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * Conform's form state for a zod schema, validated in the browser as the visitor types (SPEC §5) with the
 * same schema the action uses.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(id: string, schema: Schema, lastResult?: SubmissionResult<string[]> | null) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
