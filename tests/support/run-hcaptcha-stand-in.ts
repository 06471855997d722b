// Started by the Playwright config for the app instance configured with CAPTCHA_PROVIDER=hcaptcha.
import { startHCaptchaStandIn } from "./hcaptcha-stand-in";

const standIn = await startHCaptchaStandIn({
  port: Number(process.env.HCAPTCHA_PORT),
  secret: process.env.HCAPTCHA_SECRET!,
});
console.log(`hCaptcha stand-in: ${standIn.origin}`);
