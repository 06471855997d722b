import type { ButtonStyle } from "~/features/sales-methods/buy-button-snippet";
import { BuyButtonGenerator } from "~/features/sales-methods/components/buy-button-generator";
import { BUTTON_STYLES, optionValues } from "~/features/sales-methods/content/sales-options";
import { EXISTING_WEBSITE_DEFAULTS } from "~/features/sales-methods/schemas/existing-website";
import { findTool } from "~/features/workspace/content/tools";
import { requestContext } from "~/server/http/request-context.server";
import { ToolHeading } from "~/features/workspace/components/tool-heading";
import { ToolSetupCard } from "~/features/sales-methods/components/tool-setup-card";
import { requireUser } from "~/routes/http/require-user.server";
import { embedToolOf, embedToolQuery } from "~/features/catalog/server/embed-tool-query.server";
import { toolMeta } from "~/features/workspace/content/tool-meta";
import type { Route } from "./+types/buy-button";

const TOOL = findTool("buy-button")!;

export const meta: Route.MetaFunction = () => toolMeta(TOOL);

/** The seller's Buy Button setup and published products, read with the session check in one statement. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const { page: row } = await requireUser(services, requestContext(request), {
    batch: context,
    page: embedToolQuery(TOOL.businessType),
  });
  const { settings, ...page } = embedToolOf(services.env.APP_URL, TOOL.businessType, row);
  const style = optionValues(BUTTON_STYLES).find((value) => value === settings.buttonStyle);
  return {
    ...page,
    initial: {
      text: typeof settings.buttonText === "string" ? settings.buttonText : EXISTING_WEBSITE_DEFAULTS.buttonText,
      style: (style ?? EXISTING_WEBSITE_DEFAULTS.buttonStyle) as ButtonStyle,
      platform: typeof settings.platform === "string" ? settings.platform : "custom",
    },
  };
}

export default function BuyButtonTool({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <ToolHeading tool={TOOL} />
      <div className="mt-8">
        <BuyButtonGenerator appUrl={loaderData.appUrl} products={loaderData.products} initial={loaderData.initial} />
      </div>
      <ToolSetupCard method={TOOL.businessType} setup={loaderData.setup} />
    </div>
  );
}
