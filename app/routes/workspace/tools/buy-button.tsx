import { BackLink } from "~/components/ui/back-link";
import { requireUser } from "~/features/accounts/server/require-user.server";
import { combinePageQueries } from "~/features/accounts/server/page-query.server";
import { embedCatalogOf } from "~/features/catalog/embed-catalog";
import { ownStorefrontQuery } from "~/features/catalog/server/get-storefront.server";
import type { ButtonStyle } from "~/features/sales-methods/buy-button-snippet";
import { BuyButtonGenerator } from "~/features/sales-methods/components/buy-button-generator";
import { SetupSummaryCard } from "~/features/sales-methods/components/setup-summary-card";
import { salesMethod } from "~/features/sales-methods/content/sales-methods";
import { BUTTON_STYLES, describeSetup, optionValues } from "~/features/sales-methods/content/sales-options";
import { EXISTING_WEBSITE_DEFAULTS } from "~/features/sales-methods/schemas/existing-website";
import { salesMethodQuery } from "~/features/sales-methods/server/sales-method-query.server";
import { findTool } from "~/features/workspace/content/tools";
import { pageMeta } from "~/lib/meta";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/buy-button";

const TOOL = findTool("buy-button")!;
const METHOD = salesMethod(TOOL.businessType);
const PAGE = combinePageQueries({ saved: salesMethodQuery(TOOL.businessType), storefront: ownStorefrontQuery });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: TOOL.name, description: TOOL.description }),
  { name: "robots", content: "noindex" },
];

/** The seller's Buy Button setup and published products, read with the session check in one statement. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const { page } = await requireUser(services, requestContext(request), { batch: context, page: PAGE });
  const settings = page.saved?.settings ?? {};
  const catalog = page.storefront
    ? embedCatalogOf(services.env.APP_URL, page.storefront.store, page.storefront.products)
    : null;
  const style = optionValues(BUTTON_STYLES).find((value) => value === settings.buttonStyle);
  return {
    appUrl: services.env.APP_URL,
    products: (catalog?.products ?? []).map(({ slug, name, url, price, soldOut }) => ({
      slug,
      name,
      url,
      price,
      soldOut,
    })),
    initial: {
      text: typeof settings.buttonText === "string" ? settings.buttonText : EXISTING_WEBSITE_DEFAULTS.buttonText,
      style: (style ?? EXISTING_WEBSITE_DEFAULTS.buttonStyle) as ButtonStyle,
      platform: typeof settings.platform === "string" ? settings.platform : "custom",
    },
    setup: page.saved ? describeSetup(TOOL.businessType, page.saved.settings) : null,
  };
}

export default function BuyButtonTool({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <BackLink to="/dashboard">Back to dashboard</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{TOOL.name}</h1>
      <p className="mt-2 text-lg text-muted-foreground">{TOOL.description}</p>
      <div className="mt-8">
        <BuyButtonGenerator appUrl={loaderData.appUrl} products={loaderData.products} initial={loaderData.initial} />
      </div>
      <SetupSummaryCard
        className="mt-8"
        name={METHOD.name.toLowerCase()}
        path={METHOD.path}
        setup={loaderData.setup}
        emptyText={`Nothing saved yet. Set up your ${METHOD.name.toLowerCase()} to use this tool.`}
      />
    </div>
  );
}
