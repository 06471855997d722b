import { data } from "react-router";

/** The answer to a form whose `intent` the page does not have. */
export function unknownIntent() {
  return data({ intent: "unknown" as const, message: "Unknown form" }, { status: 400 });
}

/** The handler of the form's `intent` among `handlers`' own keys, or null. */
export function pickIntent<Handlers extends Record<string, unknown>>(
  handlers: Handlers,
  formData: FormData,
  allowed?: readonly (keyof Handlers)[],
): Handlers[keyof Handlers] | null {
  const intent = String(formData.get("intent") ?? "");
  if (!Object.hasOwn(handlers, intent) || (allowed && !allowed.includes(intent))) return null;
  return handlers[intent as keyof Handlers];
}
