import { BackLink } from "~/components/ui/back-link";
import { ProductForm } from "~/domains/catalog/components/product-form";
import { NEW_PRODUCT_VALUES } from "~/domains/catalog/product-form-values";
import { requireUser } from "~/routes/http/require-user.server";
import { newProductPageQuery } from "~/domains/catalog/server/product-page-queries.server";
import { submitProductForm } from "./products.server";
import { PRODUCTS_PATH } from "~/domains/catalog/paths";
import { pageMeta } from "~/lib/meta";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/products.new";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "New product", description: "Add a digital or physical product to your store." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { page } = await requireUser(context.services, requestContext(request), {
    batch: context,
    page: newProductPageQuery,
  });
  return page;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context.services, requestContext(request));
  return submitProductForm(context.services, user, await readFormData(request), null);
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <BackLink to={PRODUCTS_PATH}>Back to products</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">New product</h1>
      <p className="mt-2 text-muted-foreground">
        It starts as a draft that only you can see. A digital product gets its files once it is saved.
      </p>
      <div className="mt-8">
        <ProductForm
          id="product-form"
          currency={loaderData.currency}
          values={NEW_PRODUCT_VALUES}
          answer={actionData}
          handle={loaderData.handle}
          submitLabel="Create product"
        />
      </div>
    </div>
  );
}
