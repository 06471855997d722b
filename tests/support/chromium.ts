import { existsSync } from "node:fs";

/** Flags for headless Chromium on these machines (no sandbox as root, no network chatter). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium, or CHROMIUM_PATH. Test tools never download a browser of their own. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  return path;
}
