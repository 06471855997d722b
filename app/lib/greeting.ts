/** SPEC §2: 'Good morning' before 12:00, 'Good afternoon' before 18:00, otherwise 'Good evening'. */
export const MORNING_ENDS_HOUR = 12;
export const AFTERNOON_ENDS_HOUR = 18;

export function greetingFor(hour: number): "Good morning" | "Good afternoon" | "Good evening" {
  if (hour < MORNING_ENDS_HOUR) return "Good morning";
  if (hour < AFTERNOON_ENDS_HOUR) return "Good afternoon";
  return "Good evening";
}

/** The full greeting line: '{greeting}, {first name}' or 'Welcome to your dashboard'. */
export function dashboardGreeting(hour: number, firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `${greetingFor(hour)}, ${name}` : "Welcome to your dashboard";
}

/** The visitor's local hour for a UTC instant and a time zone (IANA name), or undefined if unknown. */
export function localHour(now: Date, timeZone: string | undefined): number | undefined {
  if (!timeZone) return undefined;
  try {
    const hour = new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone }).format(now);
    return Number(hour);
  } catch {
    return undefined;
  }
}

/** Initials for an avatar fallback; 'U' without names. */
export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  const letters = [firstName, lastName].map((n) => n?.trim()?.[0]?.toUpperCase() ?? "").join("");
  return letters || "U";
}
