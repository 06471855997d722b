/** What the browser needs to show the captcha: never a secret. */
export type CaptchaConfig = { provider: "altcha" } | { provider: "hcaptcha"; siteKey: string; scriptUrl: string };
