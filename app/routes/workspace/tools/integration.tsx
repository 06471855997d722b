import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/input";
import { requireUser } from "~/routes/http/require-user.server";
import { IntegrationBuilder } from "~/domains/sales-methods/components/integration-builder";
import { allowedOriginsOf, parseAllowedOrigin } from "~/domains/sales-methods/embed/allowed-origins";
import { allowedOriginsSchema } from "~/domains/sales-methods/schemas/allowed-origins";
import { saveAllowedOrigins } from "~/domains/sales-methods/server/save-allowed-origins.server";
import { findTool } from "~/domains/workspace/content/tools";
import { useSchemaForm } from "~/lib/use-schema-form";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import { ToolHeading } from "~/domains/workspace/components/tool-heading";
import { ToolSetupCard } from "~/domains/sales-methods/components/tool-setup-card";
import { embedToolOf, embedToolQuery } from "~/domains/catalog/server/embed-tool-query.server";
import { toolMeta } from "~/domains/workspace/content/tool-meta";
import type { Route } from "./+types/integration";

const TOOL = findTool("integration")!;

export const meta: Route.MetaFunction = () => toolMeta(TOOL);

/** The seller's allowed websites and published products, read with the session check in one statement. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const { page: row } = await requireUser(services, requestContext(request), {
    batch: context,
    page: embedToolQuery(TOOL.businessType),
  });
  const { settings, ...page } = embedToolOf(services.env.APP_URL, TOOL.businessType, row);
  const listed = Array.isArray(settings.allowedOrigins) ? settings.allowedOrigins : [];
  const website =
    typeof settings.websiteUrl === "string" ? allowedOriginsOf({ websiteUrl: settings.websiteUrl })[0] : null;
  return {
    ...page,
    origins: listed.filter((value): value is string => typeof value === "string" && parseAllowedOrigin(value) !== null),
    website: website ?? null,
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
      <ToolHeading tool={TOOL} />
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
      <ToolSetupCard method={TOOL.businessType} setup={loaderData.setup} />
    </div>
  );
}
