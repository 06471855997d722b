/** 20250131T120000Z: a UTC time that sorts and fits in a file name (kept folders, default backup names). */
export function utcStamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}
