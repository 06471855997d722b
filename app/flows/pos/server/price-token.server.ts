import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a device may sell at a price from its catalogue snapshot after the server signed it. */
export const PRICE_TOKEN_DAYS = 7;

function mac(secret: string, sellerId: string, itemId: string, priceCents: number, issuedAt: number): string {
  return createHmac("sha256", secret)
    .update(`pos-price:${sellerId}:${itemId}:${priceCents}:${issuedAt}`)
    .digest("base64url")
    .slice(0, 32);
}

/** Signs the price of item `itemId` (a variant or a product) in a device's catalogue snapshot. */
export function priceToken(
  secret: string,
  sellerId: string,
  itemId: string,
  priceCents: number,
  now = Date.now(),
): string {
  return `${now}.${mac(secret, sellerId, itemId, priceCents, now)}`;
}

/** Whether `token` is this server's recent signature of exactly this seller, item and price. */
export function checkPriceToken(
  secret: string,
  token: string,
  item: { sellerId: string; itemId: string; priceCents: number },
  now = Date.now(),
): boolean {
  const [issued, signature] = token.split(".");
  const issuedAt = Number(issued);
  if (!signature || !Number.isSafeInteger(issuedAt)) return false;
  if (issuedAt > now + 60_000 || now - issuedAt > PRICE_TOKEN_DAYS * 86_400_000) return false;
  const expected = Buffer.from(mac(secret, item.sellerId, item.itemId, item.priceCents, issuedAt));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
