/** Whether a chosen time is before the current minute: the minute being typed still counts as now. */
export function isInPast(scheduledAt: Date, now: Date): boolean {
  return scheduledAt.getTime() < Math.floor(now.getTime() / 60_000) * 60_000;
}
