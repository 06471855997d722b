// Links built from what someone typed: only http(s) addresses with a host ever become an href.

/** The most characters a stored link may have. */
export const MAX_URL_LENGTH = 2000;

/** `value` as a normalised absolute http(s) URL, or null for any other scheme, no host or no URL at all. */
export function httpUrl(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  if (!text || text.length > MAX_URL_LENGTH || !/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname || url.username || url.password)
    return null;
  return url.href;
}
