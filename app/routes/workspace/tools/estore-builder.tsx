import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink } from "lucide-react";
import { data, Form } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { CopyField } from "~/domains/catalog/components/copy-field";
import { type MoveAnswer, ProductOrder } from "~/domains/catalog/components/product-order";
import { moveProductSchema, storeHandleSchema } from "~/domains/catalog/schemas/store-handle";
import { changeStoreHandle } from "~/domains/catalog/server/change-store-handle.server";
import { estoreBuilderQuery } from "~/domains/catalog/server/estore-builder-query.server";
import { moveProduct } from "~/domains/catalog/server/move-product.server";
import { absoluteUrl, storePath } from "~/domains/catalog/store-profile";
import { SetupSummaryCard } from "~/domains/sales-methods/components/setup-summary-card";
import { salesMethod } from "~/domains/sales-methods/content/sales-methods";
import { describeSetup } from "~/domains/sales-methods/content/sales-options";
import { salesMethodQuery } from "~/domains/sales-methods/server/sales-method-query.server";
import { findTool } from "~/domains/workspace/content/tools";
import { useSchemaForm } from "~/lib/use-schema-form";
import { requestContext } from "~/server/http/request-context.server";
import { readFormData } from "~/server/http/read-form-data.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import { toolMeta } from "~/domains/workspace/content/tool-meta";
import type { Route } from "./+types/estore-builder";

const TOOL = findTool("estore-builder")!;
const METHOD = salesMethod(TOOL.businessType);
const page = combinePageQueries({ setup: salesMethodQuery(TOOL.businessType), builder: estoreBuilderQuery });

/** The E-shop Builder, protected; its data is one statement. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { page: read } = await requireUser(context.services, requestContext(request), { batch: context, page });
  const { handle, products } = read.builder;
  return {
    handle,
    storeUrl: handle ? absoluteUrl(context.services.env.APP_URL, storePath(handle)) : null,
    storeUrlPrefix: absoluteUrl(context.services.env.APP_URL, "/s/"),
    products,
    setup: read.setup ? describeSetup(TOOL.businessType, read.setup.settings) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  const formData = await readFormData(request);
  if (formData.get("intent") === "move") {
    const submission = parseWithZod(formData, { schema: moveProductSchema });
    if (submission.status !== "success")
      return data<MoveAnswer>({ error: "Please choose a product and a direction." }, { status: 400 });
    const moved = await moveProduct(
      context.services.db,
      user.id,
      submission.value.productId,
      submission.value.direction,
    );
    if (!moved.ok) return data<MoveAnswer>({ error: moved.message }, { status: 404 });
    return data<MoveAnswer>({
      moved: { productId: submission.value.productId, position: moved.position, count: moved.count },
    });
  }
  const submission = parseWithZod(formData, { schema: storeHandleSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const changed = await changeStoreHandle(context.services.db, user.id, submission.value.handle);
  if (!changed.ok)
    return data({ result: submission.reply({ fieldErrors: { handle: [changed.message] } }) }, { status: 409 });
  return redirectWithToast(ctx.url.pathname, { type: "success", title: "Store address saved" });
}

export const meta: Route.MetaFunction = () => toolMeta(TOOL);

export default function EstoreBuilderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { handle, storeUrl, storeUrlPrefix, products, setup } = loaderData;
  const methodName = METHOD.name.toLowerCase();
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-8 sm:px-6">
      <div>
        <BackLink to="/dashboard">Back to dashboard</BackLink>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{TOOL.name}</h1>
        <p className="mt-2 text-lg text-muted-foreground">{TOOL.description}</p>
      </div>

      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-4">
          <h2 className="text-xl font-semibold">Your store address</h2>
          {handle ? (
            <ButtonLink to={storePath(handle)} reloadDocument variant="outline" size="sm">
              <ExternalLink aria-hidden="true" /> Preview storefront
            </ButtonLink>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-6">
          {storeUrl ? (
            <CopyField id="store-url" label="Public address" value={storeUrl} />
          ) : (
            <p className="text-muted-foreground">
              Choose an address for your storefront: your products will be listed there.
            </p>
          )}
          <HandleForm
            key={handle ?? "none"}
            handle={handle}
            prefix={storeUrlPrefix}
            lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">Product order</h2>
          <p className="text-sm text-muted-foreground">
            Your storefront lists published products in this order. Drafts take their place when you publish them.
          </p>
        </CardHeader>
        <CardContent>
          {products.length > 0 ? (
            <ProductOrder products={products} />
          ) : (
            <p className="text-muted-foreground">
              No products yet.{" "}
              <a href="/tools/products" className="font-medium text-primary underline underline-offset-4">
                Add your first product
              </a>{" "}
              in the Product Manager.
            </p>
          )}
        </CardContent>
      </Card>

      <SetupSummaryCard
        name={methodName}
        path={METHOD.path}
        setup={setup}
        emptyText={`Nothing saved yet. Set up your ${methodName} to name your store and choose its theme.`}
      />
    </div>
  );
}

function HandleForm({
  handle,
  prefix,
  lastResult,
}: {
  handle: string | null;
  prefix: string;
  lastResult: Parameters<typeof useSchemaForm>[2];
}) {
  const [form, fields] = useSchemaForm("store-handle", storeHandleSchema, lastResult, handle ? { handle } : undefined);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value="handle" />
      <FormField
        id={fields.handle.id}
        label="Store address"
        errors={fields.handle.errors}
        hint={`Your storefront's address is ${prefix}… — lowercase letters, digits and hyphens.`}
      >
        {(control) => (
          <Input
            {...getInputProps(fields.handle, { type: "text" })}
            {...control}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormAlert message={form.errors?.[0]} />
      <div>
        <Button type="submit">{handle ? "Change address" : "Save address"}</Button>
      </div>
    </Form>
  );
}
