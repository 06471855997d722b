import { data } from "react-router";
import { requireUser } from "~/routes/http/require-user.server";
import { isConnectableProvider, PROVIDER_TEXTS } from "~/domains/payments/content/providers";
import { refreshPaymentAccount } from "~/domains/payments/server/refresh-payment-account.server";
import { methodNotAllowed } from "~/server/http/method-not-allowed.server";
import { requestContext } from "~/server/http/request-context.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import type { Route } from "./+types/payments.$provider.return";

/**
 * Where a provider sends the creator back from onboarding; the query string is not trusted, so the status is asked of
 * the provider.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  if (!isConnectableProvider(params.provider)) throw data("Not found", { status: 404 });
  const name = PROVIDER_TEXTS[params.provider].name;
  const refreshed = await refreshPaymentAccount(context.services, user.id, params.provider, ctx.meta);
  if (!refreshed.ok)
    return redirectWithToast("/payments", {
      type: "error",
      title: `${name} could not be checked`,
      description: refreshed.message,
    });
  return redirectWithToast(
    "/payments",
    refreshed.status === "ready"
      ? { type: "success", title: `${name} is connected`, description: "You can take payments." }
      : {
          type: "info",
          title: `${name} needs a few more details`,
          description: `Continue with ${name} to finish setting up your account.`,
        },
  );
}

/** Providers send the creator back with a GET: other methods are answered 405 with a plain message. */
export const action = () => methodNotAllowed();
