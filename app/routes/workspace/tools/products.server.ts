import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { PRODUCTS_PATH, productPath } from "~/domains/catalog/paths";
import { type ProductInput, productSchema, toProductInput } from "~/domains/catalog/schemas/product";
import { ERRORS, type ErrorBody, type ErrorCode, formErrorsOf, statusOf } from "~/lib/errors";
import type { ToastMessage } from "~/lib/toast";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import { createProduct } from "~/domains/catalog/server/create-product.server";
import { readOwnProduct } from "~/domains/catalog/server/read-product.server";
import { isProductAction, runProductAction } from "~/domains/catalog/server/run-product-action.server";
import { storeCurrency } from "~/domains/sales-methods/server/store-currency.server";
import { updateProduct } from "~/domains/catalog/server/update-product.server";

const INVALID_DESCRIPTION = "Please correct the highlighted fields and save again.";

/** Throws the same 404 for a missing product and another creator's. */
export function productNotFound(): never {
  throw data<ErrorBody>({ code: "PRODUCT_NOT_FOUND", message: ERRORS.PRODUCT_NOT_FOUND.message }, { status: 404 });
}

/** The product form's action: creates (null `productId`) or updates; a refusal stores nothing and says why. */
export async function submitProductForm(
  services: AppServices,
  user: CurrentUser,
  formData: FormData,
  productId: string | null,
) {
  // Another creator's product is not found before anything about the input is said.
  if (productId && !(await readOwnProduct(services.db, user.id, productId))) productNotFound();
  const currency = await storeCurrency(services.db, user.id);
  const submission = parseWithZod(formData, { schema: productSchema(currency) });
  const notSaved = "Product not saved";
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply(),
        toast: { type: "error", title: notSaved, description: INVALID_DESCRIPTION } satisfies ToastMessage,
      },
      { status: 400 },
    );
  }
  let result: Awaited<ReturnType<typeof createProduct>> | Awaited<ReturnType<typeof updateProduct>>;
  const input = toProductInput(submission.value);
  try {
    result = productId
      ? await updateProduct(services.db, user.id, productId, currency, input)
      : await createProduct(services.db, user.id, currency, input);
  } catch (error) {
    services.logger.error({ err: error }, "product not saved");
    return refused(submission, "PRODUCT_SAVE_FAILED", ERRORS.PRODUCT_SAVE_FAILED.message, notSaved);
  }
  if (!result.ok) {
    if (result.code === "PRODUCT_NOT_FOUND") productNotFound();
    const fields: Record<string, string> =
      "sku" in result ? { sku: skuFieldName(input.physical?.options.length ?? 0, input, result.sku) } : {};
    return refused(submission, result.code, result.message, notSaved, fields);
  }
  const id = "id" in result && typeof result.id === "string" ? result.id : productId!;
  return redirectWithToast(productPath(id), {
    type: "success",
    title: productId ? "Product saved" : "Product created as a draft",
  });
}

type Replying = {
  reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>;
};

/** The form field of a refused SKU: the product's own, or the variant row's that holds it. */
function skuFieldName(optionCount: number, input: ProductInput, sku: string): string {
  if (optionCount === 0) return "sku";
  const index = input.physical?.variants.findIndex((variant) => variant.sku?.toLowerCase() === sku.toLowerCase()) ?? -1;
  return index >= 0 ? `variants[${index}].sku` : "variants";
}

function refused(
  submission: Replying,
  code: ErrorCode,
  message: string,
  title: string,
  fields: Record<string, string> = {},
) {
  return data(
    {
      result: submission.reply(formErrorsOf({ ok: false, code, message }, fields)),
      toast: { type: "error", title, description: message } satisfies ToastMessage,
    },
    { status: statusOf(code) },
  );
}

/** A one-click product action posted with `intent` and `id`: a redirect with a toast when done, else the error. */
export async function submitProductAction(
  services: AppServices,
  user: CurrentUser,
  formData: FormData,
  returnTo: string,
) {
  const intent = formData.get("intent");
  const productId = String(formData.get("id") ?? "");
  if (!isProductAction(intent))
    return data(
      {
        toast: {
          type: "error",
          title: "Not done",
          description: "Please use the buttons on the page.",
        } satisfies ToastMessage,
        code: null,
      },
      { status: 400 },
    );
  let result: Awaited<ReturnType<typeof runProductAction>>;
  try {
    result = await runProductAction(services, user.id, intent, productId);
  } catch (error) {
    services.logger.error({ err: error, intent }, "product action failed");
    result = { ok: false, code: "PRODUCT_ACTION_FAILED", message: ERRORS.PRODUCT_ACTION_FAILED.message };
  }
  if (!result.ok) {
    if (result.code === "PRODUCT_NOT_FOUND") productNotFound();
    return data(
      {
        toast: { type: "error", title: "Not done", description: result.message } satisfies ToastMessage,
        code: result.code,
      },
      { status: statusOf(result.code) },
    );
  }
  const target =
    intent === "delete" && returnTo !== PRODUCTS_PATH && returnTo.startsWith(`${PRODUCTS_PATH}/`)
      ? PRODUCTS_PATH
      : returnTo;
  return redirectWithToast(target, { type: "success", title: result.message });
}
