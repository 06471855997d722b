import { createCaptchaChallenge } from "~/server/captcha/create-captcha-challenge.server";
import type { Route } from "./+types/api-captcha-challenge";

/** GET: a fresh ALTCHA challenge for the sign-up and reset forms. Never cached. */
export async function loader({ context }: Route.LoaderArgs) {
  const challenge = await createCaptchaChallenge(context.services.env.AUTH_SECRET!);
  return Response.json(challenge, { headers: { "Cache-Control": "no-store" } });
}
