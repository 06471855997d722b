import { data, Link } from "react-router";
import { PageHero, PageShell } from "~/components/site/page-shell";
import { listDevMail } from "~/domains/dev-mailbox/server/list-dev-mail.server";
import type { Route } from "./+types/dev.mailbox";

export const meta: Route.MetaFunction = () => [
  { title: "Dev mailbox | Sellkit" },
  { name: "robots", content: "noindex" },
];

/** The local development mailbox; absent in production and when real SMTP is configured. */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, db, mailer } = context.services;
  if (env.NODE_ENV === "production") throw data(null, { status: 404 });
  const messages = mailer.kind === "dev-mailbox" ? await listDevMail(db) : [];
  return {
    smtp: mailer.kind === "smtp",
    messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return (
    <PageShell>
      <PageHero
        title="Dev mailbox"
        lead="Every email the app sent while no SMTP server is configured. Development only."
      />
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        {loaderData.smtp ? (
          <p>Mail is being sent through SMTP (SMTP_URL is set), so nothing is kept here.</p>
        ) : loaderData.messages.length === 0 ? (
          <p className="text-muted-foreground">No mail yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border bg-card">
            {loaderData.messages.map((message) => (
              <li key={message.id}>
                <Link to={`/dev/mailbox/${message.id}`} className="block px-5 py-4 hover:bg-accent">
                  <span className="block font-medium">{message.subject}</span>
                  <span className="block text-sm text-muted-foreground">
                    To {message.to} ·{" "}
                    <time dateTime={message.createdAt}>{new Date(message.createdAt).toUTCString()}</time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </PageShell>
  );
}
