import { Check } from "lucide-react";
import { data } from "react-router";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { PlanLock } from "~/domains/billing/components/plan-lock";
import { EventSalesForm } from "~/domains/sales-methods/components/event-sales-form";
import { ExistingWebsiteForm } from "~/domains/sales-methods/components/existing-website-form";
import { OnlineStoreForm } from "~/domains/sales-methods/components/online-store-form";
import { RetailStoreForm } from "~/domains/sales-methods/components/retail-store-form";
import { SalesMethodLayout, salesMethodMeta } from "~/domains/sales-methods/components/sales-method-layout";
import { SocialMediaForm } from "~/domains/sales-methods/components/social-media-form";
import { salesMethodAtPath, type SalesMethodKey } from "~/domains/sales-methods/content/sales-methods";
import { ONLINE_STORE_FEATURES } from "~/domains/sales-methods/content/sales-options";
import { type RequestContext, requestContext } from "~/server/http/request-context.server";
import { readFormData } from "~/server/http/read-form-data.server";
import type { Route } from "./+types/sales-method";
import { loadSalesMethodPage, submitSalesMethodForm } from "./sales-method.server";

// One module for the five sales-method forms; app/routes.ts registers it at each form's URL.

const LEADS: Record<SalesMethodKey, string> = {
  online_store: "Name your store, pick a category, a currency and a theme. You can change everything later.",
  retail_store: "Tell us about your shop and switch on the features you need at the counter.",
  events: "Markets, fairs and pop-ups: say where you sell, what you need on site and how buyers can pay.",
  existing_website: "Add a Buy button to your website or blog: choose how it looks, then copy the code.",
  social_media: "Pick the networks you sell on, the content you post and who it is for.",
};

function methodOf(ctx: RequestContext): SalesMethodKey {
  const method = salesMethodAtPath(ctx.url.pathname);
  if (!method) throw data(null, { status: 404 });
  return method.key;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const method = salesMethodAtPath(location.pathname);
  return method ? salesMethodMeta(method.key) : [];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  return loadSalesMethodPage(context.services, ctx, context, methodOf(ctx));
}

export function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  return submitSalesMethodForm(context.services, ctx, () => readFormData(request), methodOf(ctx));
}

export default function SalesMethodPage({ loaderData, actionData }: Route.ComponentProps) {
  const { method, values, saved, website } = loaderData;
  const key = saved?.updatedAt ?? "new";
  return (
    <SalesMethodLayout
      method={method}
      lead={LEADS[method]}
      saved={Boolean(saved)}
      aside={method === "online_store" ? <OnlineStoreIncludes /> : undefined}
    >
      {method === "online_store" ? (
        <OnlineStoreForm key={key} values={values} actionData={actionData} />
      ) : method === "retail_store" ? (
        <RetailStoreForm key={key} values={values} actionData={actionData} />
      ) : method === "events" ? (
        <EventSalesForm key={key} values={values} actionData={actionData} />
      ) : method === "existing_website" && website ? (
        <ExistingWebsiteForm
          key={key}
          values={values}
          storeName={website.storeName}
          buyUrl={website.buyUrl}
          live={Boolean(saved)}
          actionData={actionData}
          customStyleLock={website.customStyleGate.ok ? undefined : <PlanLock gate={website.customStyleGate} />}
        />
      ) : (
        <SocialMediaForm key={key} values={values} actionData={actionData} />
      )}
    </SalesMethodLayout>
  );
}

function OnlineStoreIncludes() {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">What your store includes</h2>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {ONLINE_STORE_FEATURES.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
