import { data } from "react-router";
import { unsubscribeCustomer } from "~/domains/customers/server/unsubscribe-customer.server";
import { STORE_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/unsubscribe.$token";

export const handle = STORE_PAGE;

export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe · Sellkit" },
  { name: "robots", content: "noindex" },
];

/** The mail's unsubscribe link: one button, as a GET never changes anything (mail scanners follow links). */
export function loader() {
  return null;
}

/** Ends the subscription; mail clients' one-click unsubscribe (a POST to the same link) lands here too. */
export async function action({ params, context }: Route.ActionArgs) {
  const done = await unsubscribeCustomer(context.services.db, params.token);
  if (!done.ok) return data({ done: false, message: done.message, storeName: "" }, { status: 404 });
  return { done: true, message: null, storeName: done.storeName };
}

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto grid max-w-md gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold">Unsubscribe</h1>
      {actionData?.done ? (
        <p role="status">
          {actionData.storeName
            ? `You are unsubscribed: ${actionData.storeName} will not email you any more.`
            : "You are unsubscribed: you will not get these emails any more."}
        </p>
      ) : (
        <form method="post" className="grid gap-4">
          {actionData?.message ? <p role="alert">{actionData.message}</p> : null}
          <p>Stop getting emails from this creator?</p>
          <button type="submit" className="w-fit rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground">
            Unsubscribe
          </button>
        </form>
      )}
    </main>
  );
}
