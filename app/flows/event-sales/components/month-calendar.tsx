import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { addDays, monthGrid } from "~/flows/event-sales/event-calendar";
import { cn } from "~/lib/cn";
import { utcDate } from "~/lib/text-formats";

/** An event as a calendar day shows it. */
export type CalendarEvent = { id: string; name: string };

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const dayName = (day: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00Z`),
  );

/**
 * A month of events as a keyboard grid (arrows by day and week, Home/End, Page Up/Down by month, Enter opens a day's
 * event) and, on a phone, as a list of the days that have events.
 */
export function MonthCalendar({
  month,
  today,
  byDay,
  title,
  eventPath,
  monthUrl,
}: {
  month: string;
  today: string;
  byDay: Record<string, CalendarEvent[]>;
  title: string;
  eventPath: string;
  monthUrl: (month: string) => string;
}) {
  const weeks = monthGrid(month);
  const days = weeks.flat().filter((day): day is string => day !== null);
  const state = useLocation().state as { focusDay?: string } | null;
  const wanted = state?.focusDay?.startsWith(month) ? state.focusDay : null;
  const [active, setActive] = useState(wanted ?? (today.startsWith(month) ? today : days[0]!));
  const current = active.startsWith(month) ? active : days[0]!;
  const grid = useRef<HTMLTableElement>(null);
  const navigate = useNavigate();

  // After a keyboard move into another month, focus lands on the day moved to.
  useEffect(() => {
    if (wanted) grid.current?.querySelector<HTMLElement>(`[data-day="${wanted}"]`)?.focus();
  }, [wanted]);

  const moveTo = (day: string) => {
    if (!day.startsWith(month)) {
      navigate(monthUrl(day.slice(0, 7)), { state: { focusDay: day }, preventScrollReset: true });
      return;
    }
    setActive(day);
    grid.current?.querySelector<HTMLElement>(`[data-day="${day}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>("[data-day]");
    if (!cell) return;
    const day = cell.dataset.day!;
    const weekday = (new Date(`${day}T00:00Z`).getUTCDay() + 6) % 7;
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    const sameDayOfMonth = (by: number) => {
      const last = utcDate(y, m + by + 1, 0).getUTCDate();
      return utcDate(y, m + by, Math.min(d, last))
        .toISOString()
        .slice(0, 10);
    };
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => addDays(day, -weekday),
      End: () => addDays(day, 6 - weekday),
      PageUp: () => sameDayOfMonth(-1),
      PageDown: () => sameDayOfMonth(1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move());
      return;
    }
    if (event.key === "Escape" && event.target !== cell) {
      event.preventDefault();
      cell.focus();
      return;
    }
    if ((event.key === "Enter" || event.key === " ") && event.target === cell) {
      const first = byDay[day]?.[0];
      if (!first) return;
      event.preventDefault();
      cell.querySelector<HTMLElement>("a")?.focus();
    }
  };

  const withEvents = days.filter((day) => byDay[day]?.length);
  return (
    <>
      <div className="mt-3 hidden sm:block">
        <table
          ref={grid}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the grid pattern's markup is a table with role grid
          role="grid"
          aria-label={`${title}, weeks from Monday`}
          onKeyDown={onKeyDown}
          className="w-full table-fixed border-collapse text-sm"
        >
          <thead>
            <tr>
              {WEEKDAYS.map((day) => (
                <th key={day} scope="col" className="p-1 text-left font-medium">
                  <abbr title={day} className="no-underline">
                    {day.slice(0, 3)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find(Boolean) ?? ""}>
                {week.map((day, i) =>
                  day ? (
                    <td
                      key={day}
                      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a day of the grid pattern is a focusable cell
                      role="gridcell"
                      data-day={day}
                      tabIndex={day === current ? 0 : -1}
                      aria-current={day === today ? "date" : undefined}
                      onFocus={() => setActive(day)}
                      className={cn(
                        "h-20 border p-1 align-top focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary",
                        day === today && "bg-muted",
                      )}
                    >
                      <span className="block font-medium">
                        <span aria-hidden="true">{Number(day.slice(8))}</span>
                        <span className="sr-only">{dayName(day)}</span>
                      </span>
                      <ul className="grid gap-0.5">
                        {(byDay[day] ?? []).map((event) => (
                          <li key={event.id}>
                            <Link
                              to={`${eventPath}/${event.id}`}
                              tabIndex={-1}
                              className="block truncate rounded bg-primary/10 px-1 underline-offset-2 hover:underline"
                            >
                              {event.name}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    </td>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell has no identity but its place in the week
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the grid pattern's cells
                    <td key={`empty-${i}`} role="gridcell" tabIndex={-1} className="border bg-muted/30" />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-muted-foreground">
          Arrow keys move by day and week, Page Up and Page Down by month; Enter goes to the day's events, Escape back.
        </p>
      </div>
      <div className="mt-3 sm:hidden">
        {withEvents.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">No events this month.</p>
        ) : (
          <ol className="grid gap-2" aria-label={title}>
            {withEvents.map((day) => (
              <li
                key={day}
                className={cn("rounded-md border p-2", day === today && "bg-muted")}
                aria-current={day === today ? "date" : undefined}
              >
                <span className="block text-sm font-medium">{dayName(day)}</span>
                <ul className="grid gap-1">
                  {byDay[day]!.map((event) => (
                    <li key={event.id}>
                      <Link to={`${eventPath}/${event.id}`} className="underline underline-offset-4">
                        {event.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
