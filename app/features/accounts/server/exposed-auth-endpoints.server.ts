/**
 * better-auth over HTTP, limited to what browsers need to reach directly. Sign-up, sign-in, password
 * reset requests, magic links and two-factor go through the app's own actions (captcha, rate limits,
 * events, no enumeration), so their better-auth endpoints are not exposed.
 */
const EXPOSED: { method: string; path: RegExp }[] = [
  { method: "GET", path: /^\/get-session$/ },
  { method: "POST", path: /^\/sign-out$/ },
  // Also the confirmation link of an email change (settings): better-auth mails it to the NEW address and changes
  // the email when it is opened here (token requestType "change-email-verification"). No other endpoint is needed.
  { method: "GET", path: /^\/verify-email$/ },
  { method: "GET", path: /^\/reset-password\/[^/]+$/ },
  { method: "GET", path: /^\/callback\/[a-z]+$/ },
  { method: "POST", path: /^\/callback\/[a-z]+$/ },
];

/** Whether `method path` (the part after /api/auth) may reach better-auth from outside. */
export function isExposedAuthEndpoint(method: string, path: string): boolean {
  return EXPOSED.some((rule) => rule.method === method && rule.path.test(path));
}
