import type { SubmissionResult } from "@conform-to/react";
import { BackLink } from "~/components/ui/back-link";
import { Card, CardContent } from "~/components/ui/card";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { EventForm } from "~/flows/event-sales/components/event-form";
import { EVENTS_PATH } from "~/flows/event-sales/event-item";
import { eventDetailQuery, eventsContextQuery } from "~/flows/event-sales/server/events-page-query.server";
import { submitEventForm } from "./events.server";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { pageMeta } from "~/lib/meta";
import { isUuid } from "~/lib/text-formats";
import type { ToastMessage } from "~/lib/toast";
import { resolveTimeZone } from "~/lib/zoned-time";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import { useAnswerToast } from "~/lib/use-answer-toast";
import type { Route } from "./+types/events.new";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "New event", description: "Add a market, fair or show you sell at." }),
  { name: "robots", content: "noindex" },
];

/** The form's context; `?from=<id>` duplicates one of the seller's events (details, not its dates' checklist ticks). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const from = ctx.url.searchParams.get("from") ?? "";
  const { page } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({
      context: eventsContextQuery(resolveTimeZone(readTimeZone(ctx))),
      duplicate: eventDetailQuery(isUuid(from) ? from : null),
    }),
  });
  return { ...page.context, timeZone: resolveTimeZone(page.context.timeZone), duplicate: page.duplicate };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  return submitEventForm(context.services, user, await readFormData(request), {
    eventId: null,
    fallbackTimeZone: readTimeZone(ctx),
  });
}

type Answer = { result: SubmissionResult<string[]> | null; toast: ToastMessage };

/** A new event, started from the Event Sales setup, or a copy of another. */
export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { timeZone, currency, setup, duplicate } = loaderData;
  const answer = actionData as Answer | undefined;
  const toast = answer?.toast;
  useAnswerToast(toast);
  const checklist = duplicate ? duplicate.checklist.map((item) => item.text).join("\n") : setup.setupRequirements;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <BackLink to={EVENTS_PATH}>Back to events</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">
        {duplicate ? `Copy of ${duplicate.name}` : "New event"}
      </h1>
      <Card className="mt-6">
        <CardContent className="pt-6">
          <EventForm
            event={null}
            copyOf={duplicate}
            timeZone={timeZone}
            currency={currency}
            setupTypes={setup.eventTypes}
            checklist={checklist}
            lastResult={answer?.result}
          />
        </CardContent>
      </Card>
    </div>
  );
}
