/** The third-party sign-in providers shown as buttons on the sign-in pages. */
export const OAUTH_PROVIDERS = [
  { id: "google", label: "Google" },
  { id: "facebook", label: "Facebook" },
  { id: "apple", label: "Apple" },
] as const;

export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number]["id"];

export function oauthProviderLabel(id: string): string {
  return OAUTH_PROVIDERS.find((p) => p.id === id)?.label ?? id;
}
