import { parseWithZod } from "@conform-to/zod/v4";
import { MailCheck } from "lucide-react";
import { data, useNavigation } from "react-router";
import { PageShell } from "~/components/site/page-shell";
import { LostLinkForm } from "~/domains/delivery/components/lost-link-form";
import { LOST_LINK_SENT_MESSAGE } from "~/domains/delivery/content/delivery-rules";
import { lostLinkSchema } from "~/domains/delivery/schemas/lost-link";
import { requestLostLinks } from "~/domains/delivery/server/request-lost-links.server";
import { statusOf } from "~/lib/errors";
import { pageMeta } from "~/lib/meta";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/purchases";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Find your purchases", description: "Get new links to the files you bought, by email." }),
  { name: "robots", content: "noindex" },
];

/** An answer over the request limit says when to ask again (Retry-After). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/**
 * Lost receipt: one mail listing the email's paid purchases. The answer is the same for every email (no enumeration).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: lostLinkSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const outcome = await requestLostLinks(context.services, requestContext(request), { email: submission.value.email });
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message] }), sent: false },
      { status: statusOf(outcome.code), headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function LostLinkPage({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <PageShell>
      <div className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6 sm:py-16">
        <header className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight">Find your purchases</h1>
          <p className="text-muted-foreground">
            Lost your receipt or its link? Enter the email you used at checkout and we'll send you new links to
            everything you bought.
          </p>
        </header>
        {actionData?.sent ? (
          <div role="status" className="grid justify-items-center gap-3 rounded-lg border p-6 text-center">
            <MailCheck aria-hidden="true" className="size-10 text-primary" />
            <p>{LOST_LINK_SENT_MESSAGE}</p>
          </div>
        ) : null}
        <LostLinkForm lastResult={actionData?.result} busy={busy} />
      </div>
    </PageShell>
  );
}
