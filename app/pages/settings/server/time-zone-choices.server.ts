/** The IANA zones this server knows (Intl), with UTC and the creator's saved zone always among them. */
export function timeZoneChoices(saved: string | null): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  if (saved) zones.add(saved);
  return [...zones].sort((a, b) => a.localeCompare(b));
}
