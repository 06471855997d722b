import type { KeyboardEvent } from "react";
import { Link, useFetcher } from "react-router";
import { cn } from "~/lib/cn";
import { utcToZonedLocal } from "~/lib/zoned-time";
import { addDays, calendarDays, dayLabel } from "../calendar-days";
import { PLATFORM_RULES, POST_STATUS_LABELS } from "../post-rules";
import type { SocialPost } from "../social-post";
import { SOCIAL_PATH } from "../social-paths";

const DRAG_TYPE = "application/x-sellkit-post";
const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A week or month of posts by day in the seller's zone. A post moves to another day by dragging it, or from the
 * keyboard: focus it, then Alt with an arrow key (a day, or a week up and down).
 */
export function PostCalendar({
  posts,
  view,
  day,
  today,
  timeZone,
}: {
  posts: readonly SocialPost[];
  view: "week" | "month";
  day: string;
  today: string;
  timeZone: string;
}) {
  const fetcher = useFetcher();
  const days = calendarDays(view, day);
  const month = day.slice(0, 7);
  const byDay = new Map<string, SocialPost[]>();
  for (const post of posts) {
    if (!post.scheduledAt) continue;
    const local = utcToZonedLocal(new Date(post.scheduledAt), timeZone).slice(0, 10);
    byDay.set(local, [...(byDay.get(local) ?? []), post]);
  }
  const move = (postId: string, date: string) =>
    fetcher.submit({ intent: "move-post", postId, date }, { method: "post" });
  const onKey = (post: SocialPost, from: string) => (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    if (!event.altKey || step === undefined) return;
    event.preventDefault();
    move(post.id, addDays(from, step));
  };
  return (
    <div>
      <p className="mb-2 text-xs text-muted-foreground" id="calendar-help">
        Drag a post to another day, or focus it and press Alt with an arrow key to move it a day (up and down: a week).
      </p>
      <ol
        className={cn("grid gap-1", "grid-cols-1 sm:grid-cols-7")}
        aria-label={view === "week" ? "Week calendar" : "Month calendar"}
        aria-busy={fetcher.state !== "idle"}
      >
        {days.map((date) => (
          <li
            key={date}
            data-day={date}
            aria-label={dayLabel(date)}
            className={cn(
              "min-h-24 rounded-md border p-1 text-sm",
              view === "month" && date.slice(0, 7) !== month && "bg-muted/40 text-muted-foreground",
              date === today && "border-primary",
            )}
            onDragOver={(event) => {
              if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
            }}
            onDrop={(event) => {
              const postId = event.dataTransfer.getData(DRAG_TYPE);
              if (!postId) return;
              event.preventDefault();
              move(postId, date);
            }}
          >
            <div className="flex items-center justify-between">
              <span className="text-xs font-medium">{dayLabel(date)}</span>
              <Link
                to={`${SOCIAL_PATH}/new?day=${date}`}
                className="text-xs underline underline-offset-2"
                aria-label={`Plan a post on ${dayLabel(date)}`}
              >
                +
              </Link>
            </div>
            <ul className="mt-1 grid gap-1">
              {(byDay.get(date) ?? []).map((post) => (
                <li key={post.id}>
                  <Link
                    to={`${SOCIAL_PATH}/${post.id}`}
                    draggable
                    aria-describedby="calendar-help"
                    onDragStart={(event) => {
                      event.dataTransfer.setData(DRAG_TYPE, post.id);
                      event.dataTransfer.effectAllowed = "move";
                    }}
                    onKeyDown={onKey(post, date)}
                    className="block rounded bg-secondary px-1 py-0.5 text-xs hover:underline"
                  >
                    {utcToZonedLocal(new Date(post.scheduledAt!), timeZone).slice(11)}{" "}
                    {PLATFORM_RULES[post.platform].label} · {POST_STATUS_LABELS[post.status]}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
