import type { AppServices } from "~/server/services.server";

/** The outbox kind of a requested password-reset mail (`Mailer.request`). */
export const PASSWORD_RESET_MAIL = "password-reset-link";

/**
 * Makes a reset link and mails it when the account exists (better-auth mails known accounts only). The outbox
 * worker runs it, so the request's answer takes the same time for every email.
 */
export async function mailPasswordResetLink(services: Pick<AppServices, "auth">, email: string): Promise<void> {
  await services.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: new Headers() });
}
