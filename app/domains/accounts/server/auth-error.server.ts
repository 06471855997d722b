/** The code and message of an error thrown by better-auth's server API (APIError), if it is one. */
export function authErrorOf(error: unknown): { status: number; code?: string; message: string } | undefined {
  const e = error as { statusCode?: number; body?: { code?: string; message?: string }; message?: string } | null;
  if (!e || typeof e.statusCode !== "number") return undefined;
  return { status: e.statusCode, code: e.body?.code, message: e.body?.message ?? e.message ?? "Please try again" };
}
