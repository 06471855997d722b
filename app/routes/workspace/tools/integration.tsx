import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/input";
import { combinePageQueries } from "~/features/accounts/server/page-query.server";
import { requireUser } from "~/features/accounts/server/require-user.server";
import { embedCatalogOf } from "~/features/catalog/embed-catalog";
import { ownStorefrontQuery } from "~/features/catalog/server/get-storefront.server";
import { IntegrationBuilder } from "~/features/sales-methods/components/integration-builder";
import { SetupSummaryCard } from "~/features/sales-methods/components/setup-summary-card";
import { salesMethod } from "~/features/sales-methods/content/sales-methods";
import { describeSetup } from "~/features/sales-methods/content/sales-options";
import { allowedOriginsOf, parseAllowedOrigin } from "~/features/sales-methods/embed/allowed-origins";
import { allowedOriginsSchema } from "~/features/sales-methods/schemas/allowed-origins";
import { saveAllowedOrigins } from "~/features/sales-methods/server/save-allowed-origins.server";
import { salesMethodQuery } from "~/features/sales-methods/server/sales-method-query.server";
import { findTool } from "~/features/workspace/content/tools";
import { pageMeta } from "~/lib/meta";
import { useSchemaForm } from "~/lib/use-schema-form";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import type { Route } from "./+types/integration";

const TOOL = findTool("integration")!;
const METHOD = salesMethod(TOOL.businessType);
const PAGE = combinePageQueries({ saved: salesMethodQuery(TOOL.businessType), storefront: ownStorefrontQuery });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: TOOL.name, description: TOOL.description }),
  { name: "robots", content: "noindex" },
];

/** The seller's allowed websites and published products, read with the session check in one statement. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const { page } = await requireUser(services, requestContext(request), { batch: context, page: PAGE });
  const settings = page.saved?.settings ?? {};
  const catalog = page.storefront
    ? embedCatalogOf(services.env.APP_URL, page.storefront.store, page.storefront.products)
    : null;
  const listed = Array.isArray(settings.allowedOrigins) ? settings.allowedOrigins : [];
  const website =
    typeof settings.websiteUrl === "string" ? allowedOriginsOf({ websiteUrl: settings.websiteUrl })[0] : null;
  return {
    appUrl: services.env.APP_URL,
    products: (catalog?.products ?? []).map(({ slug, name, url, price, soldOut }) => ({
      slug,
      name,
      url,
      price,
      soldOut,
    })),
    origins: listed.filter((value): value is string => typeof value === "string" && parseAllowedOrigin(value) !== null),
    website: website ?? null,
    setup: page.saved ? describeSetup(TOOL.businessType, page.saved.settings) : null,
  };
}

/** Saves the allowed websites; an address that is not a plain http(s) origin is refused on its field. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const ctx = requestContext(request);
  const user = await requireUser(services, ctx);
  const submission = parseWithZod(await readFormData(request), { schema: allowedOriginsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveAllowedOrigins(services.db, user.id, submission.value.origins);
  return redirectWithToast(ctx.url.pathname, { type: "success", title: "Allowed websites saved" });
}

export default function IntegrationTool({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm("allowed-origins", allowedOriginsSchema, actionData?.result, {
    origins: loaderData.origins.join("\n"),
  });
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <BackLink to="/dashboard">Back to dashboard</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{TOOL.name}</h1>
      <p className="mt-2 text-lg text-muted-foreground">{TOOL.description}</p>
      <section aria-labelledby="allowed-title" className="mt-8 grid gap-3 rounded-lg border bg-card p-4">
        <h2 id="allowed-title" className="text-lg font-semibold">
          Allowed websites
        </h2>
        <p className="text-sm text-muted-foreground">
          {loaderData.website
            ? `The checkout opens over the pages of ${loaderData.website} and of the websites listed here; anywhere else it opens in a new tab.`
            : "The checkout opens over the pages of the websites listed here; anywhere else it opens in a new tab."}
        </p>
        <Form method="post" {...getFormProps(form)} className="grid gap-3">
          <FormField
            id={fields.origins.id}
            label="Websites that may show your checkout"
            errors={fields.origins.errors}
            hint="One per line, like https://shop.example.com (no path)."
          >
            {(control) => (
              <Textarea {...getTextareaProps(fields.origins)} {...control} rows={4} className="font-mono text-sm" />
            )}
          </FormField>
          <div>
            <Button type="submit">Save allowed websites</Button>
          </div>
        </Form>
      </section>
      <div className="mt-8">
        <IntegrationBuilder appUrl={loaderData.appUrl} products={loaderData.products} />
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
