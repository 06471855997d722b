import { MAX_PRODUCT_FILE_BYTES } from "./product-types";

/** The tus endpoint of product files, mounted by the Node server rather than a React Router route. */
export const UPLOADS_PATH = "/api/uploads";

/**
 * The browser's PATCH size: large to save per-request work, small enough for the server's 60 s request time on slow
 * uplinks.
 */
export const UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;

/** A partial upload not completed within this time is removed with its row (tus expiration). */
export const PARTIAL_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** How often the server sweeps expired partial uploads. */
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** A file name's longest form, in characters (common file systems allow 255 bytes). */
export const MAX_FILE_NAME_LENGTH = 200;

/** Shown in the browser before an upload starts and by the server when Upload-Length is over the limit. */
export const FILE_TOO_LARGE_MESSAGE = "Files can be up to 2GB each.";
export const FILE_NAME_REQUIRED_MESSAGE = "Please enter a file name.";
export const FILE_NAME_TOO_LONG_MESSAGE = `File names can be up to ${MAX_FILE_NAME_LENGTH} characters.`;
export const FILE_NAME_INVALID_MESSAGE =
  "File names cannot contain slashes, backslashes or control characters, and cannot be . or ..";

/** Whether a file of `bytes` may be uploaded; the browser checks before the first byte, the server at creation. */
export function fileSizeAllowed(bytes: number): boolean {
  return Number.isSafeInteger(bytes) && bytes >= 0 && bytes <= MAX_PRODUCT_FILE_BYTES;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const FORBIDDEN_IN_NAME = /[/\\\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export type FileNameCheck = { ok: true; name: string } | { ok: false; message: string };

/**
 * Checks a file name buyers see and download: trimmed NFC, never a path, no control characters; refused with a message,
 * never silently changed.
 */
export function checkFileName(raw: string): FileNameCheck {
  const name = raw.normalize("NFC").trim();
  if (!name) return { ok: false, message: FILE_NAME_REQUIRED_MESSAGE };
  if ([...name].length > MAX_FILE_NAME_LENGTH) return { ok: false, message: FILE_NAME_TOO_LONG_MESSAGE };
  if (FORBIDDEN_IN_NAME.test(name) || name === "." || name === "..")
    return { ok: false, message: FILE_NAME_INVALID_MESSAGE };
  return { ok: true, name };
}

/** A content type as the browser reports it, or the generic one when it is missing or malformed. */
export function normaliseContentType(value: string | null | undefined): string {
  const type = (value ?? "").trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type)
    ? type
    : "application/octet-stream";
}

const UNITS = ["bytes", "KB", "MB", "GB"] as const;

/** A file size for people, in powers of 1024: 512 → "512 bytes", 1536 → "1.5 KB", 2 GiB → "2 GB". */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  return `${(value < 10 ? value.toFixed(1) : String(Math.round(value))).replace(/\.0$/, "")} ${UNITS[unit]}`;
}

/** Seconds → "1 h 5 min", "3 min 20 s", "12 s". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${s % 60} s`;
  return `${s} s`;
}
