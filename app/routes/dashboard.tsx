import { Form, Link } from "react-router";
import { PageShell } from "~/components/site/page-shell";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/server/auth/require-user.server";
import { getProfileSummary } from "~/server/profile/get-profile-summary.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Dashboard", description: "Your Sellkit dashboard." }), { name: "robots", content: "noindex" }];

/** Protected (SPEC §2). The full workspace (greeting, tools, stats, settings) is built on top of this page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.services, request);
  const profile = await getProfileSummary(context.services.db, user.id);
  return { firstName: profile.firstName, storeName: profile.storeName, avatarUrl: profile.avatarUrl, email: user.email };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, storeName, avatarUrl } = loaderData;
  return (
    <PageShell>
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <div className="flex flex-wrap items-center gap-4">
          {avatarUrl ? <img src={avatarUrl} alt="" className="size-14 rounded-full object-cover" /> : null}
          <div className="flex-1">
            <h1 className="text-3xl font-bold tracking-tight">{firstName ? `Welcome, ${firstName}` : "Welcome to your dashboard"}</h1>
            {storeName ? <p className="text-muted-foreground">Managing {storeName}</p> : null}
          </div>
          <Form method="post" action="/logout">
            <Button type="submit" variant="secondary">
              Sign Out
            </Button>
          </Form>
        </div>
        {!storeName ? (
          <p className="mt-8 rounded-lg border border-dashed p-6 text-center text-muted-foreground">
            <Link to="/auth?tab=register&step=2" className="text-primary underline">Complete your business profile</Link> to see the tools for how you sell.
          </p>
        ) : null}
      </div>
    </PageShell>
  );
}
