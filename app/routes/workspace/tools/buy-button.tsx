import type { ButtonStyle } from "~/domains/sales-methods/buy-button-snippet";
import { BuyButtonGenerator } from "~/domains/sales-methods/components/buy-button-generator";
import { BUTTON_STYLES, optionValues } from "~/domains/sales-methods/content/sales-options";
import { EXISTING_WEBSITE_DEFAULTS } from "~/domains/sales-methods/schemas/existing-website";
import { findTool } from "~/domains/workspace/content/tools";
import { requestContext } from "~/server/http/request-context.server";
import { ToolHeading } from "~/domains/workspace/components/tool-heading";
import { ToolSetupCard } from "~/domains/sales-methods/components/tool-setup-card";
import { requireUser } from "~/routes/http/require-user.server";
import { embedToolOf, embedToolQuery } from "~/domains/catalog/server/embed-tool-query.server";
import { toolMeta } from "~/domains/workspace/content/tool-meta";
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
