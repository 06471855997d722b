import { data } from "react-router";
import { requireUser } from "~/routes/http/require-user.server";
import { productFileActionSchema } from "~/domains/catalog/schemas/product-file";
import { removeProductFile } from "~/domains/catalog/server/remove-product-file.server";
import { renameProductFile } from "~/domains/catalog/server/rename-product-file.server";
import { reorderProductFiles } from "~/domains/catalog/server/reorder-product-files.server";
import { statusOf } from "~/lib/errors";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/api.product-files";

const NO_STORE = { "Cache-Control": "no-store" };

/** POST: rename, reorder or remove a product's files by `intent`; the owner only. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { services } = context;
  const user = await requireUser(services, requestContext(request));
  const form = await readFormData(request);
  const parsed = productFileActionSchema.safeParse({
    intent: form.get("intent"),
    fileId: form.get("fileId") ?? undefined,
    productId: form.get("productId") ?? undefined,
    name: form.get("name") ?? undefined,
    fileIds: form.getAll("fileIds"),
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please check the form and try again.";
    return data({ ok: false as const, message }, { status: 400, headers: NO_STORE });
  }
  const actor = { userId: user.id };
  const input = parsed.data;
  const result =
    input.intent === "rename"
      ? await renameProductFile(services.db, actor, input)
      : input.intent === "reorder"
        ? await reorderProductFiles(services.db, actor, input)
        : await removeProductFile({ db: services.db, store: services.productFiles }, actor, input);
  if (!result.ok)
    return data({ ok: false as const, message: result.message }, { status: statusOf(result.code), headers: NO_STORE });
  return data({ ok: true as const }, { headers: NO_STORE });
}

/** POST only. */
export const loader = () => methodNotAllowed("POST");
