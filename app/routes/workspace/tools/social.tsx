import { Link } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { CALENDAR_VIEWS, type CalendarView, dayLabel, monthLabel, stepDay } from "~/domains/social/calendar-days";
import { PlatformFiguresTable } from "~/domains/social/components/platform-figures-table";
import { PostCalendar } from "~/domains/social/components/post-calendar";
import { contentTypeLabel, PLATFORM_RULES, POST_STATUS_LABELS } from "~/domains/social/post-rules";
import { socialContextQuery, socialPostsQuery } from "~/domains/social/server/social-page-query.server";
import { submitSocialForm } from "./social.server";
import { platformFigures } from "~/domains/social/social-post";
import { SOCIAL_PATH } from "~/domains/social/social-paths";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { formatMoney } from "~/lib/money";
import { isCalendarDate } from "~/lib/text-formats";
import { formatDateTime, resolveTimeZone, utcToZonedLocal } from "~/lib/zoned-time";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/social";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: "Social Media Manager",
    description: "Plan what you post on each social network and who it is for.",
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const { page } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({
      context: socialContextQuery(resolveTimeZone(readTimeZone(ctx))),
      posts: socialPostsQuery,
    }),
  });
  const timeZone = resolveTimeZone(page.context.timeZone);
  const today = utcToZonedLocal(new Date(), timeZone).slice(0, 10);
  const viewParam = ctx.url.searchParams.get("view");
  const dayParam = ctx.url.searchParams.get("day") ?? "";
  const view: CalendarView = CALENDAR_VIEWS.includes(viewParam as CalendarView) ? (viewParam as CalendarView) : "week";
  return {
    context: { ...page.context, timeZone },
    posts: page.posts,
    view,
    today,
    day: isCalendarDate(dayParam) ? dayParam : today,
  };
}

/** Moves a post dragged or keyed to another day; the answer returns to the same view. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  return submitSocialForm(context.services, user, await readFormData(request), {
    postId: null,
    fallbackTimeZone: readTimeZone(ctx),
    back: `${SOCIAL_PATH}${ctx.url.search}`,
  });
}

const VIEW_LABELS: Record<CalendarView, string> = { week: "Week", month: "Month", list: "List" };

/** The seller's planned posts in a week, a month or a list, with what each network brought. */
export default function Social({ loaderData }: Route.ComponentProps) {
  const { context, posts, view, today, day } = loaderData;
  const money = (minor: number) => formatMoney(minor, context.currency);
  const unscheduled = posts.filter((post) => !post.scheduledAt);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <BackLink to="/dashboard">Back to dashboard</BackLink>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Social Media Manager</h1>
          <p className="mt-2 text-muted-foreground">
            Plan your posts, get a reminder when it is time, and see which post brought the sale.
          </p>
        </div>
        {context.platforms.length ? (
          <Link
            to={`${SOCIAL_PATH}/new`}
            className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground"
          >
            Plan a post
          </Link>
        ) : null}
      </div>
      {context.platforms.length ? null : (
        <p className="rounded-md border border-dashed p-4 text-sm">
          Choose the networks you sell on first.{" "}
          <Link to="/sales/social-media" className="font-medium underline underline-offset-4">
            Set up social media sales
          </Link>
        </p>
      )}
      <section aria-labelledby="platforms-heading" className="grid gap-3 rounded-lg border p-4">
        <h2 id="platforms-heading" className="text-xl font-semibold">
          By platform
        </h2>
        <PlatformFiguresTable rows={platformFigures(posts)} currency={context.currency} />
        <p className="text-xs text-muted-foreground">
          Clicks on the posts' tracking links (people only, no cookies), store views and paid orders that came through
          them; revenue less refunds.
        </p>
      </section>
      <section aria-labelledby="plan-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="plan-heading" className="text-xl font-semibold">
            Your plan
          </h2>
          <nav aria-label="Calendar views" className="flex gap-2 text-sm">
            {CALENDAR_VIEWS.map((name) => (
              <Link
                key={name}
                to={`?view=${name}&day=${day}`}
                aria-current={name === view ? "page" : undefined}
                className={cn("rounded-md border px-3 py-1", name === view && "bg-secondary font-medium")}
              >
                {VIEW_LABELS[name]}
              </Link>
            ))}
          </nav>
        </div>
        {view === "list" ? (
          <ul className="grid gap-2" aria-label="Posts">
            {posts.map((post) => (
              <li key={post.id} className="rounded-md border p-3 text-sm">
                <Link to={`${SOCIAL_PATH}/${post.id}`} className="font-medium underline underline-offset-4">
                  {PLATFORM_RULES[post.platform].label} · {contentTypeLabel(post.contentType)}
                </Link>{" "}
                · {POST_STATUS_LABELS[post.status]}
                {post.scheduledAt ? ` · ${formatDateTime(post.scheduledAt, context.timeZone)}` : ""}
                <p className="mt-1 line-clamp-2 text-muted-foreground">{post.text || "No text yet."}</p>
                <p className="mt-1">
                  {post.clicks} clicks · {post.views} views · {post.orders} orders · {money(post.revenueCents)}
                </p>
              </li>
            ))}
            {posts.length ? null : <li className="text-sm text-muted-foreground">No posts yet.</li>}
          </ul>
        ) : (
          <>
            <div className="flex items-center justify-between text-sm">
              <Link to={`?view=${view}&day=${stepDay(view, day, -1)}`} className="underline underline-offset-4">
                Previous {view}
              </Link>
              <span className="font-medium">{view === "week" ? `Week of ${dayLabel(day)}` : monthLabel(day)}</span>
              <Link to={`?view=${view}&day=${stepDay(view, day, 1)}`} className="underline underline-offset-4">
                Next {view}
              </Link>
            </div>
            <PostCalendar posts={posts} view={view} day={day} today={today} timeZone={context.timeZone} />
            {unscheduled.length ? (
              <div>
                <h3 className="text-sm font-medium">Ideas and drafts without a date</h3>
                <ul className="mt-1 flex flex-wrap gap-2 text-sm">
                  {unscheduled.map((post) => (
                    <li key={post.id}>
                      <Link to={`${SOCIAL_PATH}/${post.id}`} className="underline underline-offset-4">
                        {PLATFORM_RULES[post.platform].label}: {post.text.slice(0, 40) || "No text yet"}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
