import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/** Fetches a challenge from the server and solves it like the browser widget does: the `altcha` field value. */
export async function solvedCaptcha(origin: string): Promise<string> {
  const challenge = await (await fetch(`${origin}/api/captcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("captcha not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
