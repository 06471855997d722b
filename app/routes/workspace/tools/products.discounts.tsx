import { useEffect } from "react";
import { BackLink } from "~/components/ui/back-link";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { PRODUCTS_PATH } from "~/domains/catalog/paths";
import { DiscountCodeForm, type DiscountFormAnswer } from "~/domains/discounts/components/discount-code-form";
import { DiscountCodeList, NoDiscountCodes } from "~/domains/discounts/components/discount-code-list";
import { discountFormValues } from "~/domains/discounts/discount-display";
import { EMPTY_DISCOUNT_FORM } from "~/domains/discounts/schemas/discount-code";
import { discountCodesPageQuery } from "~/domains/discounts/server/list-discount-codes.server";
import { discountNotFound, submitDiscountAction, submitDiscountForm } from "./products.discounts.server";
import { creatorTimeZone, savedTimeZoneQuery } from "~/kernel/store/creator-time-zone.server";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/products.discounts";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Discount codes", description: "Create and manage your store's discount codes." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const { page: both } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({ codes: discountCodesPageQuery, savedTimeZone: savedTimeZoneQuery }),
  });
  const page = both.codes;
  const timeZone = creatorTimeZone(ctx, both.savedTimeZone);
  const editId = ctx.url.searchParams.get("edit");
  const editing = editId ? (page.codes.find((code) => code.id === editId) ?? null) : null;
  if (editId && !editing) discountNotFound();
  return {
    codes: page.codes,
    products: page.products,
    currency: page.currency,
    timeZone,
    now: new Date().toISOString(),
    editing: editing ? { id: editing.id, code: editing.code, values: discountFormValues(editing, timeZone) } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx, { page: savedTimeZoneQuery });
  const formData = await readFormData(request);
  if (formData.get("intent") === "save")
    return submitDiscountForm(context.services, user, formData, creatorTimeZone(ctx, user.page));
  return submitDiscountAction(context.services, user, formData);
}

export default function DiscountCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, products, currency, timeZone, now, editing } = loaderData;
  const formAnswer = actionData && "result" in actionData ? (actionData as DiscountFormAnswer) : undefined;
  const actionToast = actionData && !("result" in actionData) ? actionData.toast : undefined;
  useEffect(() => {
    if (actionToast) showToast(actionToast);
  }, [actionToast]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <BackLink to={PRODUCTS_PATH}>Back to products</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Discount codes</h1>
      <p className="mt-2 text-lg text-muted-foreground">
        Codes buyers type at checkout to pay less. Times are in your time zone, {timeZone}.
      </p>
      {actionToast?.description ? (
        <p
          role="alert"
          className="mt-6 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {actionToast.description}
        </p>
      ) : null}
      <section aria-labelledby="codes-title" className="mt-8 grid gap-4">
        <h2 id="codes-title" className="text-xl font-semibold">
          Your codes
        </h2>
        {codes.length ? (
          <DiscountCodeList codes={codes} currency={currency} timeZone={timeZone} now={now} products={products} />
        ) : (
          <NoDiscountCodes />
        )}
      </section>
      <Card className="mt-10 scroll-mt-24" id="discount-form">
        <CardHeader>
          <h2 className="text-xl font-semibold">{editing ? `Edit ${editing.code}` : "New discount code"}</h2>
        </CardHeader>
        <CardContent>
          <DiscountCodeForm
            key={editing?.id ?? "new"}
            editingId={editing?.id ?? null}
            currency={currency}
            timeZone={timeZone}
            products={products}
            values={editing?.values ?? EMPTY_DISCOUNT_FORM}
            answer={formAnswer}
          />
        </CardContent>
      </Card>
    </div>
  );
}
