import type { SubmissionResult } from "@conform-to/react";
import { data, Form } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FigureTiles } from "~/components/ui/figure-tiles";
import { Input, Label } from "~/components/ui/input";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { PostForm } from "~/domains/social/components/post-form";
import { contentTypeLabel, PLATFORM_RULES, POST_STATUS_LABELS } from "~/domains/social/post-rules";
import { socialContextQuery, socialPostQuery } from "~/domains/social/server/social-page-query.server";
import { submitSocialForm } from "./social.server";
import { SOCIAL_PATH } from "~/domains/social/social-paths";
import { linkTargetLabel, trackingUrl } from "~/domains/social/tracking-link";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { pageMeta } from "~/lib/meta";
import { formatMoney } from "~/lib/money";
import { isUuid } from "~/lib/text-formats";
import type { ToastMessage } from "~/lib/toast";
import { formatDateTime, resolveTimeZone, utcToZonedLocal } from "~/lib/zoned-time";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import { useAnswerToast } from "~/lib/use-answer-toast";
import type { Route } from "./+types/social.$id";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData ? `${PLATFORM_RULES[loaderData.post.platform].label} post` : "Post",
    description: "A planned social post, its tracking link and what it brought.",
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const id = isUuid(params.id) ? params.id : null;
  const { page } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({
      context: socialContextQuery(resolveTimeZone(readTimeZone(ctx))),
      post: socialPostQuery(id),
    }),
  });
  if (!page.post) throw data(null, { status: 404 });
  return {
    context: { ...page.context, timeZone: resolveTimeZone(page.context.timeZone) },
    post: page.post,
    link: trackingUrl(context.services.env.APP_URL, page.post.code),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  return submitSocialForm(context.services, user, await readFormData(request), {
    postId: params.id,
    fallbackTimeZone: readTimeZone(ctx),
    back: `${SOCIAL_PATH}/${params.id}`,
  });
}

type Answer = {
  form: string;
  result: (SubmissionResult<string[]> & { error?: Record<string, string[] | null> }) | null;
  toast: ToastMessage;
};

/** The error a form's answer gives for one of its fields. */
function errorOf(answer: Answer | undefined, form: string, field: string): string | undefined {
  if (answer?.form !== form) return undefined;
  const error = answer.result?.error;
  return error?.[field]?.[0] ?? error?.[""]?.[0] ?? answer.toast.description;
}

/** One post: its tracking link and figures, the reminder's compose link, marking it posted, moving and copying it. */
export default function SocialPostPage({ loaderData, actionData }: Route.ComponentProps) {
  const { context, post, link } = loaderData;
  const answer = actionData as Answer | undefined;
  const toast = answer?.toast;
  useAnswerToast(toast);
  const rules = PLATFORM_RULES[post.platform];
  const compose = rules.compose?.(post.text, link);
  const money = (minor: number) => formatMoney(minor, context.currency);
  const others = context.platforms.filter((platform) => platform !== post.platform);
  const postError = errorOf(answer, "mark-posted", "publicUrl");
  const moveError = errorOf(answer, "move-post", "date");
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <BackLink to={SOCIAL_PATH}>Back to the Social Media Manager</BackLink>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">
          {rules.label} post: {contentTypeLabel(post.contentType)}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {POST_STATUS_LABELS[post.status]}
          {post.scheduledAt ? ` · ${formatDateTime(post.scheduledAt, context.timeZone)} (${context.timeZone})` : ""}
          {post.reminderSentAt && post.status === "scheduled" ? " · Reminder sent" : ""}
        </p>
      </div>
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">What it brought</h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          <FigureTiles
            className="sm:grid-cols-5"
            label="Post figures"
            figures={[
              ["Clicks", String(post.clicks)],
              ["Views", String(post.views)],
              ["Orders", String(post.orders)],
              ["Units", String(post.units)],
              ["Revenue", money(post.revenueCents)],
            ]}
          />
          <div className="grid gap-1">
            <Label htmlFor="tracking-link">Tracking link</Label>
            <Input id="tracking-link" readOnly value={link} />
            <p className="text-xs text-muted-foreground">
              Opens: {linkTargetLabel(post.linkTarget)}. Put this link in the post: clicks, views and sales through it
              count for this post, without cookies.
            </p>
          </div>
          {post.productGone ? (
            <p role="note" className="rounded-md border border-amber-500 p-3 text-sm">
              The product this link promoted was deleted, archived or unpublished: the link now opens your store.
            </p>
          ) : null}
          {post.bioPageMissing ? (
            <p role="note" className="rounded-md border border-amber-500 p-3 text-sm">
              You have no Link in Bio page yet: the link now opens your store. Set one up under Link in Bio.
            </p>
          ) : null}
          <p className="text-sm">
            {compose ? (
              <a href={compose} target="_blank" rel="noopener noreferrer" className="font-medium underline">
                Open {rules.label} with the post filled in
              </a>
            ) : (
              `${rules.label} has no web page to start a post: copy the text, open the ${rules.label} app and paste it.`
            )}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">{post.status === "posted" ? "Posted" : "Mark as posted"}</h2>
        </CardHeader>
        <CardContent>
          {post.status === "posted" && post.publicUrl ? (
            <p className="mb-3 text-sm">
              Live at{" "}
              <a href={post.publicUrl} rel="noopener noreferrer nofollow" target="_blank" className="underline">
                {post.publicUrl}
              </a>
            </p>
          ) : null}
          <Form method="post" className="grid gap-2">
            <input type="hidden" name="intent" value="mark-posted" />
            <Label htmlFor="public-url">Public address of the post</Label>
            <Input
              id="public-url"
              name="publicUrl"
              type="url"
              placeholder="https://"
              defaultValue={post.publicUrl ?? ""}
              aria-invalid={Boolean(postError)}
              aria-describedby="public-url-error"
            />
            <p id="public-url-error" aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
              {postError}
            </p>
            <div>
              <Button type="submit">{post.status === "posted" ? "Save address" : "Mark as posted"}</Button>
            </div>
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">Move or copy</h2>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="move-post" />
            <input type="hidden" name="postId" value={post.id} />
            <div className="grid gap-1">
              <Label htmlFor="move-date">Move to date</Label>
              <Input
                id="move-date"
                name="date"
                type="date"
                defaultValue={
                  post.scheduledAt ? utcToZonedLocal(new Date(post.scheduledAt), context.timeZone).slice(0, 10) : ""
                }
                aria-invalid={Boolean(moveError)}
                aria-describedby="move-date-error"
              />
            </div>
            <Button type="submit" variant="outline">
              Move
            </Button>
            <p id="move-date-error" aria-live="polite" className="w-full text-sm font-medium text-destructive">
              {moveError}
            </p>
          </Form>
          {others.length ? (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="duplicate-post" />
              <div className="grid gap-1">
                <Label htmlFor="duplicate-platform">Duplicate for</Label>
                <select
                  id="duplicate-platform"
                  name="platform"
                  className="h-9 rounded-md border border-input bg-background px-3 text-sm"
                >
                  {others.map((platform) => (
                    <option key={platform} value={platform}>
                      {PLATFORM_RULES[platform].label}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" variant="outline">
                Duplicate
              </Button>
            </Form>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">Edit</h2>
        </CardHeader>
        <CardContent>
          <PostForm
            post={post}
            context={context}
            lastResult={answer?.form === `save-post-${post.id}` ? answer.result : null}
          />
        </CardContent>
      </Card>
      <Form method="post">
        <input type="hidden" name="intent" value="delete-post" />
        <Button type="submit" variant="destructive">
          Delete post
        </Button>
      </Form>
    </div>
  );
}
