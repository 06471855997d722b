/** Asks hCaptcha (HCAPTCHA_VERIFY_URL) whether a widget token is valid; it is single-use on their side. */
export async function verifyHCaptcha(
  { verifyUrl, secret, siteKey }: { verifyUrl: string; secret: string; siteKey: string },
  token: string | undefined,
  remoteIp: string | undefined,
): Promise<boolean> {
  if (!token || token.length > 10_000) return false;
  const body = new URLSearchParams({
    secret,
    response: token,
    sitekey: siteKey,
    ...(remoteIp ? { remoteip: remoteIp } : {}),
  });
  try {
    const response = await fetch(verifyUrl, { method: "POST", body, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return false;
    const result = (await response.json()) as { success?: unknown };
    return result.success === true;
  } catch {
    return false;
  }
}
