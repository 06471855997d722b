// Delivery's rules and texts, browser-safe: the pages, the mails and the tests read them from here.

/** How long a signed file link on the download page works (seconds): the page mints new ones each time it opens. */
export const DOWNLOAD_LINK_TTL_SECONDS = 600;

/** Downloads per order, file and UTC day; the bytes sent per day are capped at this many copies of the file too. */
export const DOWNLOADS_PER_FILE_PER_DAY = 10;

/** The most purchases one lost-link mail lists (the newest first). */
export const LOST_LINK_MAX_PURCHASES = 50;

export const INVALID_LINK_MESSAGE = "This download link is not valid. Enter your email below to get a new one.";
export const LOST_LINK_SENT_MESSAGE = "If purchases exist for this email, we've sent a link to access them.";

export type RevocationReason = "refunded" | "disputed";

export function revokedMessage(reason: RevocationReason): string {
  return `Access to this purchase has been revoked because it was ${reason}.`;
}

export function downloadLimitMessage(limit = DOWNLOADS_PER_FILE_PER_DAY): string {
  return `You have reached today's download limit for this file (${limit}). It resets at midnight UTC.`;
}

/** The order's number as buyers and sellers read it: the first 8 characters of its id, upper-case. */
export function orderNumber(orderId: string): string {
  return orderId.replace(/-/g, "").slice(0, 8).toUpperCase();
}

/** Where a buyer asks for new links to their purchases. */
export const LOST_LINK_PATH = "/purchases";

const DOWNLOAD_PATH = /^\/purchases\/([^/]+)\/files\/([^/]+)$/;

/** The order and file ids of a signed file link's path (UUIDs, so not decoded); null for other paths. */
export function matchDownloadPath(pathname: string): { orderId: string; fileId: string } | null {
  const match = DOWNLOAD_PATH.exec(pathname);
  return match ? { orderId: match[1]!, fileId: match[2]! } : null;
}

/** What became of a counter sale's receipt mail: none asked for, sent, not sent (past its limits), or not yet paid. */
export type CounterReceiptStatus = "none" | "sent" | "withheld" | "waiting";

/** What the register tells the cashier about the receipt mail. */
export function counterReceiptMessage(status: CounterReceiptStatus, email: string): string | null {
  if (status === "sent") return `The receipt goes to ${email}.`;
  if (status === "withheld")
    return "The receipt was not emailed: too many receipts went to this address or from your store in the last hour. Print it instead, or send it again later from the order's page.";
  if (status === "waiting") return `The receipt goes to ${email} once the payment is approved.`;
  return null;
}
