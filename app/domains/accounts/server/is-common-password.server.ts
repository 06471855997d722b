import { dictionary } from "@zxcvbn-ts/language-common";
import { ERRORS } from "~/lib/errors";

export const COMMON_PASSWORD_MESSAGE = ERRORS.COMMON_PASSWORD.message;

let common: Set<string> | undefined;

/**
 * True for passwords on the offline common-password list, also when decorated with a few leading or trailing digits or
 * symbols.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"] as string[]);
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, "");
  return core.length >= 4 && lower.length - core.length <= 4 && common.has(core);
}
