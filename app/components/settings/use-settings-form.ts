import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * Conform's state for one settings form: starts from the saved values, validates as the creator types (SPEC §5) with the
 * schema the action uses, and shows the server's answer (`lastResult`) when there is one.
 */
export function useSettingsForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  /** The saved values (checkbox groups as arrays, a ticked checkbox as "on"). */
  defaultValue?: Record<string, string | string[] | undefined>,
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
