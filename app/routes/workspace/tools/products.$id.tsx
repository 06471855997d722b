import { useEffect } from "react";
import { BackLink } from "~/components/ui/back-link";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ProductActions } from "~/domains/catalog/components/product-actions";
import { ProductFiles } from "~/domains/catalog/components/product-files";
import { ProductForm } from "~/domains/catalog/components/product-form";
import { ProductStatusBadge } from "~/domains/catalog/components/product-status-badge";
import { coverPath, PRODUCTS_PATH, productPath, salesPagePath } from "~/domains/catalog/paths";
import { productFormValues } from "~/domains/catalog/product-form-values";
import { requireUser } from "~/routes/http/require-user.server";
import { productEditorQuery } from "~/domains/catalog/server/product-page-queries.server";
import { isUuid } from "~/lib/text-formats";
import { isPhysicalType } from "~/domains/catalog/content/product-types";
import { variantKey } from "~/domains/catalog/variant-options";
import { productNotFound, submitProductAction, submitProductForm } from "./products.server";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/products.$id";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData ? `Edit ${loaderData.product.name}` : "Product not found",
    description: "Edit a product of your store.",
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  if (!isUuid(params.id)) {
    await requireUser(context.services, ctx, { batch: context });
    productNotFound();
  }
  const { page: editing } = await requireUser(context.services, ctx, {
    batch: context,
    page: productEditorQuery(params.id),
  });
  if (!editing) productNotFound();
  const { product, covers, files, currency, handle } = editing;
  return {
    product: {
      id: product.id,
      name: product.name,
      status: product.status,
      slug: product.slug,
      currency: product.currency,
      updatedAt: product.updatedAt,
      physical: isPhysicalType(product.type),
    },
    values: productFormValues(product),
    variantStock: Object.fromEntries(
      product.variants.map((variant) => [variantKey(variant.optionValues), variant.available]),
    ),
    cover: covers[0] ? coverPath(covers[0].id) : null,
    files,
    currency,
    handle,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context.services, requestContext(request));
  const formData = await readFormData(request);
  if (formData.get("intent") === "save") return submitProductForm(context.services, user, formData, params.id);
  formData.set("id", params.id);
  return submitProductAction(context.services, user, formData, productPath(params.id));
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, handle } = loaderData;
  const formAnswer = actionData && "result" in actionData ? actionData : undefined;
  const actionToast = actionData && !("result" in actionData) ? actionData.toast : undefined;
  useEffect(() => {
    if (actionToast) showToast(actionToast);
  }, [actionToast]);
  const movedCurrency = product.currency !== loaderData.currency;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <BackLink to={PRODUCTS_PATH}>Back to products</BackLink>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 break-words text-3xl font-bold tracking-tight">{product.name}</h1>
        <ProductStatusBadge status={product.status} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <ProductActions product={product} exclude={["duplicate"]} />
        {handle ? (
          <a href={salesPagePath(handle, product.slug)} className="text-sm text-primary underline underline-offset-4">
            {product.status === "published" ? "View sales page" : "Preview sales page"}
          </a>
        ) : null}
      </div>
      {actionToast?.description ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {actionToast.description}
        </p>
      ) : null}
      <div className="mt-8">
        <ProductForm
          key={product.updatedAt}
          id="product-form"
          currency={loaderData.currency}
          values={loaderData.values}
          answer={formAnswer}
          handle={handle}
          cover={loaderData.cover}
          submitLabel="Save product"
          variantStock={loaderData.variantStock}
          currencyNote={
            movedCurrency
              ? `Prices are in ${loaderData.currency}, your store currency. This product was priced in ${product.currency}: saving prices it in ${loaderData.currency}.`
              : undefined
          }
        />
      </div>
      {product.physical ? null : (
        <Card className="mt-10">
          <CardHeader>
            <h2 className="text-xl font-semibold">Files</h2>
            <p className="text-sm text-muted-foreground">What the buyer gets.</p>
          </CardHeader>
          <CardContent>
            <ProductFiles productId={product.id} files={loaderData.files} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
