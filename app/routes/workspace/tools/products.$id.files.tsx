import { data, redirect } from "react-router";
import { isPhysicalType } from "~/domains/catalog/content/product-types";
import { productPath } from "~/domains/catalog/paths";
import { BackLink } from "~/components/ui/back-link";
import { requireUser } from "~/routes/http/require-user.server";
import { ProductFiles } from "~/domains/catalog/components/product-files";
import { listProductFiles } from "~/domains/catalog/server/list-product-files.server";
import { productNotFound } from "./products.server";
import { pageMeta } from "~/lib/meta";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/products.$id.files";
import { isUuid } from "~/lib/text-formats";

/** A digital product's files: upload, rename, reorder, remove. The signed-in owner only; others get 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context.services, requestContext(request), { batch: context });
  const product = isUuid(params.id) ? await listProductFiles(context.services.db, user.id, params.id) : null;
  if (!product) productNotFound();
  // A physical product has no files: its editor is the page to be on.
  if (isPhysicalType(product.type)) throw redirect(productPath(params.id));
  return data(
    { productId: params.id, productName: product.name, files: product.files },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData ? `Files of ${loaderData.productName}` : "Page not found",
    description: "The files your buyers get.",
  }),
  { name: "robots", content: "noindex" },
];

export default function ProductFilesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <BackLink to={`/tools/products/${loaderData.productId}`}>Back to the product</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight break-words">{loaderData.productName}</h1>
      <p className="mt-2 text-muted-foreground">
        What your buyers get: add, rename, order and remove the product's files.
      </p>
      <div className="mt-6">
        <ProductFiles productId={loaderData.productId} files={loaderData.files} />
      </div>
    </div>
  );
}
