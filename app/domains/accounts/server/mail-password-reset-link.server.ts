import type { AppServices } from "~/server/services.server";

/** The outbox kind of a requested password-reset mail (`Mailer.request`). */
export const PASSWORD_RESET_MAIL = "password-reset-link";

/** Mails a reset link to an existing account from the outbox worker, so every request answers equally fast. */
export async function mailPasswordResetLink(services: Pick<AppServices, "auth">, email: string): Promise<void> {
  await services.auth.api.requestPasswordReset({
    body: { email, redirectTo: "/reset-password" },
    headers: new Headers(),
  });
}
