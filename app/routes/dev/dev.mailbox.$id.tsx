import { data } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { PageShell } from "~/components/site/page-shell";
import { readDevMail } from "~/domains/dev-mailbox/server/read-dev-mail.server";
import type { Route } from "./+types/dev.mailbox.$id";

export const meta: Route.MetaFunction = () => [
  { title: "Dev mailbox message | Sellkit" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { env, db } = context.services;
  if (env.NODE_ENV === "production") throw data(null, { status: 404 });
  const message = await readDevMail(db, params.id);
  if (!message) throw data(null, { status: 404 });
  return {
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    createdAt: message.createdAt.toISOString(),
  };
}

/** Shows the plain-text body only: HTML mail is never rendered into the app's own origin. */
export default function DevMailboxMessage({ loaderData: m }: Route.ComponentProps) {
  return (
    <PageShell>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <BackLink to="/dev/mailbox">Back to mailbox</BackLink>
        <h1 className="mt-4 text-2xl font-bold">{m.subject}</h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">From</dt>
          <dd>{m.from}</dd>
          <dt className="text-muted-foreground">To</dt>
          <dd>{m.to}</dd>
          {m.replyTo ? (
            <>
              <dt className="text-muted-foreground">Reply-To</dt>
              <dd>{m.replyTo}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Sent</dt>
          <dd>
            <time dateTime={m.createdAt}>{new Date(m.createdAt).toUTCString()}</time>
          </dd>
        </dl>
        <pre className="mt-6 whitespace-pre-wrap break-words rounded-lg border bg-muted p-4 text-sm">{m.text}</pre>
      </div>
    </PageShell>
  );
}
