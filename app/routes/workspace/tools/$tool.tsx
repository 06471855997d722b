import { data } from "react-router";
import { salesMethod } from "~/domains/sales-methods/content/sales-methods";
import { describeSetup } from "~/domains/sales-methods/content/sales-options";
import { findTool } from "~/domains/workspace/content/tools";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/routes/http/require-user.server";
import { salesMethodQuery } from "~/domains/sales-methods/server/sales-method-query.server";
import { ToolHeading } from "~/domains/workspace/components/tool-heading";
import { ToolSetupCard } from "~/domains/sales-methods/components/tool-setup-card";
import type { Route } from "./+types/$tool";
import { requestContext } from "~/server/http/request-context.server";

/** A dashboard tool, protected: what it does and its sales method's saved setup, read with the session check. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const tool = findTool(params.tool);
  if (!tool) {
    await requireUser(context.services, requestContext(request), { batch: context });
    throw data(null, { status: 404 });
  }
  const { page: saved } = await requireUser(context.services, requestContext(request), {
    batch: context,
    page: salesMethodQuery(tool.businessType),
  });
  return { slug: tool.slug, setup: saved ? describeSetup(tool.businessType, saved.settings) : null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const tool = loaderData ? findTool(loaderData.slug) : undefined;
  return [
    ...pageMeta({
      title: tool?.name ?? "Page not found",
      description: tool?.description ?? "This page does not exist.",
    }),
    { name: "robots", content: "noindex" },
  ];
};

export default function ToolPage({ loaderData }: Route.ComponentProps) {
  const tool = findTool(loaderData.slug)!;
  const method = salesMethod(tool.businessType);
  const { setup } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <ToolHeading tool={tool} />
      <p className="mt-4 rounded-md border border-dashed p-4 text-sm">
        {`${tool.name} works from your ${method.name.toLowerCase()} setup: what you saved there is shown below, and every change you make there shows here.`}
      </p>
      <ToolSetupCard method={tool.businessType} setup={setup} />
    </div>
  );
}
