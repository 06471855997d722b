let counter = 0;

/**
 * A fresh client address for the next actor of a test file (the server must trust loopback proxies), so
 * per-IP rate limits of one test do not leak into another. 198.18.0.0/15 is reserved for benchmarks.
 */
export function nextClientIp(): string {
  counter += 1;
  return `198.18.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}
