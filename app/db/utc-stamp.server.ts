/** A sortable UTC time for file names, like 20250131T120000Z. */
export function utcStamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}
