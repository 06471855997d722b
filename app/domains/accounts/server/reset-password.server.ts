import type { AppServices } from "~/server/services.server";
import { authErrorOf } from "./auth-error.server";
import type { RequestContext } from "~/server/http/request-context.server";

/** Sets a new password from a reset token; better-auth then revokes every session of the user. */
export async function resetPassword(
  services: AppServices,
  ctx: RequestContext,
  input: { token: string; password: string },
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await services.auth.api.resetPassword({
      body: { newPassword: input.password, token: input.token },
      headers: ctx.headers,
    });
    return { ok: true };
  } catch (error) {
    const authError = authErrorOf(error);
    if (!authError || authError.status >= 500) services.logger.error({ err: error }, "password reset failed");
    return {
      ok: false,
      message:
        authError?.code === "INVALID_TOKEN"
          ? "Invalid or expired reset link"
          : (authError?.message ?? "Please try again"),
    };
  }
}
