import { ShoppingBag } from "lucide-react";
import { data } from "react-router";
import { PageShell } from "~/components/site/page-shell";
import { Card, CardContent } from "~/components/ui/card";
import { pageMeta } from "~/lib/meta";
import { getBuyPage } from "~/features/sales-methods/server/get-buy-page.server";
import type { Route } from "./+types/buy";

/** A creator's public buy page, the target of their buy-button snippet: store name and description only. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await getBuyPage(context.services.db, params.id);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData ? `Buy from ${loaderData.storeName}` : "Page not found",
    description: loaderData ? `Buy from ${loaderData.storeName} on Sellkit.` : "This page does not exist.",
  }),
  { name: "robots", content: "noindex" },
];

export default function BuyPage({ loaderData }: Route.ComponentProps) {
  const { storeName, description } = loaderData;
  return (
    <PageShell>
      <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <Card>
          <CardContent className="grid gap-4 p-8 text-center">
            <ShoppingBag aria-hidden="true" className="mx-auto size-10 text-primary" />
            <h1 className="text-3xl font-bold tracking-tight">{storeName}</h1>
            <p className="whitespace-pre-line text-muted-foreground">{description}</p>
            <p role="status" className="rounded-md bg-secondary p-4 font-medium">
              Checkout for this seller opens soon.
            </p>
          </CardContent>
        </Card>
      </div>
    </PageShell>
  );
}
