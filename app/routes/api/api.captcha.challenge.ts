import { createCaptchaChallenge } from "~/domains/accounts/server/captcha/create-captcha-challenge.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import type { Route } from "./+types/api.captcha.challenge";

/** GET: a fresh ALTCHA challenge for the sign-up and reset forms. Never cached. */
export async function loader({ context }: Route.LoaderArgs) {
  const challenge = await createCaptchaChallenge(context.services.env.AUTH_SECRET!);
  return Response.json(challenge, { headers: { "Cache-Control": "no-store" } });
}

/** Read-only: POST and other writes are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
