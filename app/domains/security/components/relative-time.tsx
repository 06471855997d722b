import { relativeTime } from "~/domains/security/security-format";
import { useNowMinute } from "./use-now";

/** '3 minutes ago', kept current; the exact UTC time in the tooltip and for assistive technology. */
export function RelativeTime({ date, renderedAt }: { date: Date | string; renderedAt: number }) {
  const now = useNowMinute(renderedAt);
  const iso = new Date(date).toISOString();
  return (
    <time dateTime={iso} title={`${iso.replace("T", " ").slice(0, 19)} UTC`} suppressHydrationWarning>
      {relativeTime(date, new Date(Math.max(now, renderedAt)))}
    </time>
  );
}
