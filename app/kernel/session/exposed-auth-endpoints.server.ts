/** better-auth over HTTP, limited to what browsers must reach; the rest goes through the app's own actions. */
const EXPOSED: { method: string; path: RegExp }[] = [
  { method: "GET", path: /^\/get-session$/ },
  { method: "POST", path: /^\/sign-out$/ },
  // The email-change confirmation link, which better-auth mails to the new address and completes here.
  { method: "GET", path: /^\/verify-email$/ },
  { method: "GET", path: /^\/reset-password\/[^/]+$/ },
  { method: "GET", path: /^\/callback\/[a-z]+$/ },
  { method: "POST", path: /^\/callback\/[a-z]+$/ },
];

/** Whether `method path` (the part after /api/auth) may reach better-auth from outside. */
export function isExposedAuthEndpoint(method: string, path: string): boolean {
  return EXPOSED.some((rule) => rule.method === method && rule.path.test(path));
}
