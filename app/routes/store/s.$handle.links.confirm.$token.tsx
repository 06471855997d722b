import { data } from "react-router";
import { readBioPage } from "~/domains/link-in-bio/server/read-bio-page.server";
import { confirmBioSignup } from "~/domains/link-in-bio/server/confirm-bio-signup.server";
import { statusOf } from "~/lib/errors";
import { STORE_PAGE } from "~/lib/route-handle";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/s.$handle.links.confirm.$token";

export const handle = STORE_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Confirm your subscription to ${loaderData.name}` : "Page not found · Sellkit" },
  { name: "robots", content: "noindex" },
];

/** The confirmation mail's link: one button, as a GET never changes anything (mail scanners follow links). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await readBioPage(context.services.db, params.handle);
  if (!page) throw data(null, { status: 404 });
  return { name: page.profile.title || page.store.name, theme: page.profile.theme };
}

/** Confirms the sign-up: the address becomes a subscriber and gets the welcome. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { meta } = requestContext(request);
  const result = await confirmBioSignup(context.services, params.handle, params.token, meta);
  if (!result.ok) return data({ email: null, message: result.message }, { status: statusOf(result.code) });
  return { email: result.email, message: null };
}

export default function ConfirmBioSignup({ loaderData, actionData }: Route.ComponentProps) {
  const { name, theme } = loaderData;
  return (
    <div className="bio-page flex min-h-screen justify-center px-4 py-10" data-theme={theme}>
      <main className="grid w-full max-w-[36rem] content-start gap-4">
        <h1 className="text-2xl font-bold">{`Confirm your subscription to ${name}`}</h1>
        {actionData?.email ? (
          <p role="status">{`You're subscribed: ${name} will write to ${actionData.email}. Each email has a link to unsubscribe.`}</p>
        ) : (
          <form method="post" className="bio-card grid gap-3 p-4">
            {actionData?.message ? (
              <p role="alert" className="font-medium">
                {actionData.message}
              </p>
            ) : null}
            <p>{`Get news from ${name} by email?`}</p>
            <button type="submit" className="bio-button">
              Confirm my subscription
            </button>
          </form>
        )}
      </main>
    </div>
  );
}
