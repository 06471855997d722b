import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { requireUser } from "~/routes/http/require-user.server";
import { PostForm } from "~/domains/social/components/post-form";
import { socialContextQuery } from "~/domains/social/server/social-page-query.server";
import { submitSocialForm } from "./social.server";
import { SOCIAL_PATH } from "~/domains/social/social-paths";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { pageMeta } from "~/lib/meta";
import { isCalendarDate } from "~/lib/text-formats";
import type { ToastMessage } from "~/lib/toast";
import { resolveTimeZone } from "~/lib/zoned-time";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import { useAnswerToast } from "~/lib/use-answer-toast";
import type { Route } from "./+types/social.new";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Plan a post", description: "Plan a post for one of your social networks." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const { page } = await requireUser(context.services, ctx, {
    batch: context,
    page: socialContextQuery(resolveTimeZone(readTimeZone(ctx))),
  });
  const day = ctx.url.searchParams.get("day") ?? "";
  return { context: { ...page, timeZone: resolveTimeZone(page.timeZone) }, day: isCalendarDate(day) ? day : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  return submitSocialForm(context.services, user, await readFormData(request), {
    postId: null,
    fallbackTimeZone: readTimeZone(ctx),
  });
}

type Answer = { form: string; result: SubmissionResult<string[]> | null; toast: ToastMessage };

/** A new post: the networks come from the Social Media setup. */
export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  const { context, day } = loaderData;
  const answer = actionData as Answer | undefined;
  const toast = answer?.toast;
  useAnswerToast(toast);
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <BackLink to={SOCIAL_PATH}>Back to the Social Media Manager</BackLink>
      <h1 className="text-3xl font-bold tracking-tight">Plan a post</h1>
      {context.platforms.length ? (
        <PostForm post={null} context={context} day={day} lastResult={answer?.result} />
      ) : (
        <p className="rounded-md border border-dashed p-4 text-sm">
          Choose the networks you sell on first.{" "}
          <Link to="/sales/social-media" className="font-medium underline underline-offset-4">
            Set up social media sales
          </Link>
        </p>
      )}
    </div>
  );
}
