import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import type { z } from "zod";

/** Conform's form state for a zod schema, validated in the browser with the action's schema, also on hydrate. */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult?: SubmissionResult<string[]> | null,
  defaultValue?: Record<string, unknown>,
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as DefaultValue<z.input<Schema>> | undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const { validate } = form;
  useEffect(() => {
    const element = document.getElementById(id);
    if (!(element instanceof HTMLFormElement)) return;
    for (const name of typedBeforeHydration(element)) validate({ name });
  }, [id, validate]);
  return [form, fields] as const;
}

/** The text fields whose value differs from the one the server rendered: typed before the script ran. */
function typedBeforeHydration(form: HTMLFormElement): string[] {
  const names = new Set<string>();
  for (const control of Array.from(form.elements)) {
    const typed =
      (control instanceof HTMLInputElement &&
        !["hidden", "checkbox", "radio", "file", "submit", "button"].includes(control.type)) ||
      control instanceof HTMLTextAreaElement;
    if (typed && control.name && control.value !== control.defaultValue) names.add(control.name);
  }
  return [...names];
}
