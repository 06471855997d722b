const UNITS = ["bytes", "KB", "MB", "GB"] as const;

/** A file size for people ("512 bytes", "1.5 MB", "2 GB"), in powers of 1024. Browser-safe. */
export function formatBytes(size: number): string {
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : value.toFixed(value < 10 ? 1 : 0).replace(/\.0$/, "");
  return `${shown} ${UNITS[unit]}`;
}
