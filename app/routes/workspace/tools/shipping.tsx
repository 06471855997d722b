import type { SubmissionResult } from "@conform-to/react";
import { Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { storeCurrencyQuery } from "~/domains/catalog/server/product-page-queries.server";
import { RateForm } from "~/domains/shipping/components/rate-form";
import { ZoneForm } from "~/domains/shipping/components/zone-form";
import { countryName } from "~/domains/shipping/content/countries";
import { describeRate } from "~/domains/shipping/rate-description";
import { shippingZonesQuery } from "~/domains/shipping/server/shipping-zones-query.server";
import { SHIPPING_PATH } from "~/domains/shipping/paths";
import { submitShippingForm } from "./shipping.server";
import { REST_OF_WORLD } from "~/domains/shipping/shipping-price";
import { pageMeta } from "~/lib/meta";
import type { ToastMessage } from "~/lib/toast";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import { useAnswerToast } from "~/lib/use-answer-toast";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Shipping", description: "Where you ship physical products and what buyers pay for it." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const { page } = await requireUser(context.services, ctx, {
    batch: context,
    page: combinePageQueries({ zones: shippingZonesQuery, currency: storeCurrencyQuery }),
  });
  return { zones: page.zones, currency: page.currency, editZone: ctx.url.searchParams.get("zone") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context.services, requestContext(request));
  return submitShippingForm(context.services, user, await readFormData(request));
}

type Answer = { form: string; result: SubmissionResult<string[]> | null; toast: ToastMessage };

/** The countries of a zone in words, the first few named. */
function countriesLabel(countries: string[]): string {
  if (countries.includes(REST_OF_WORLD)) return "Rest of world";
  const names = countries.map(countryName);
  return names.length > 6 ? `${names.slice(0, 6).join(", ")} and ${names.length - 6} more` : names.join(", ");
}

/** The seller's shipping zones (sets of countries) and their rates: listed, added, edited and deleted. */
export default function Shipping({ loaderData, actionData }: Route.ComponentProps) {
  const { zones, currency, editZone } = loaderData;
  const answer = actionData as Answer | undefined;
  const toast = answer?.toast;
  useAnswerToast(toast);
  const resultOf = (form: string) => (answer?.form === form ? answer.result : null);
  const editing = zones.find((zone) => zone.id === editZone) ?? null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Shipping</h1>
      <p className="mt-2 text-lg text-muted-foreground">
        Buyers of physical products choose from the rates of the zone their country is in.
      </p>
      <section aria-labelledby="zones-title" className="mt-8 grid gap-4">
        <h2 id="zones-title" className="text-xl font-semibold">
          Your zones
        </h2>
        {zones.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-muted-foreground">
            No shipping zones yet. Add one below: until a zone lists a buyer's country, they cannot buy your physical
            products.
          </p>
        ) : (
          zones.map((zone) => (
            <Card key={zone.id}>
              <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
                <div className="grid gap-1">
                  <h3 className="text-lg font-semibold">{zone.name}</h3>
                  <p className="text-sm text-muted-foreground">{countriesLabel(zone.countries)}</p>
                </div>
                <div className="flex gap-2">
                  <Link
                    className="text-sm font-medium underline underline-offset-4"
                    to={`${SHIPPING_PATH}?zone=${zone.id}`}
                  >
                    Edit zone<span className="sr-only"> {zone.name}</span>
                  </Link>
                  <form method="post">
                    <input type="hidden" name="intent" value="delete-zone" />
                    <input type="hidden" name="id" value={zone.id} />
                    <Button type="submit" variant="ghost" size="sm" aria-label={`Delete zone ${zone.name}`}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </form>
                </div>
              </CardHeader>
              <CardContent className="grid gap-4">
                {zone.rates.length ? (
                  <ul className="grid gap-2">
                    {zone.rates.map((rate) => (
                      <li key={rate.id} className="rounded-md border p-3">
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <div>
                            <p className="font-medium">{rate.name}</p>
                            <p className="text-sm text-muted-foreground">{describeRate(rate, currency)}</p>
                          </div>
                          <form method="post">
                            <input type="hidden" name="intent" value="delete-rate" />
                            <input type="hidden" name="id" value={rate.id} />
                            <Button type="submit" variant="ghost" size="sm" aria-label={`Delete rate ${rate.name}`}>
                              <Trash2 aria-hidden="true" />
                            </Button>
                          </form>
                        </div>
                        <details className="mt-2" open={Boolean(resultOf(`save-rate-${rate.id}`))}>
                          <summary className="cursor-pointer text-sm font-medium">
                            Edit rate<span className="sr-only"> {rate.name}</span>
                          </summary>
                          <div className="mt-3">
                            <RateForm
                              zoneId={zone.id}
                              rate={rate}
                              currency={currency}
                              lastResult={resultOf(`save-rate-${rate.id}`)}
                            />
                          </div>
                        </details>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-muted-foreground">No rates yet: buyers in this zone see no option.</p>
                )}
                <details open={Boolean(resultOf(`save-rate-${zone.id}`)) || zone.rates.length === 0}>
                  <summary className="cursor-pointer text-sm font-medium">
                    Add a rate<span className="sr-only"> to {zone.name}</span>
                  </summary>
                  <div className="mt-3">
                    <RateForm
                      zoneId={zone.id}
                      rate={null}
                      currency={currency}
                      lastResult={resultOf(`save-rate-${zone.id}`)}
                    />
                  </div>
                </details>
              </CardContent>
            </Card>
          ))
        )}
      </section>
      <Card className="mt-10" id="zone-form">
        <CardHeader>
          <h2 className="text-xl font-semibold">{editing ? `Edit ${editing.name}` : "New zone"}</h2>
        </CardHeader>
        <CardContent>
          <ZoneForm
            key={editing?.id ?? "new"}
            zone={editing}
            lastResult={resultOf(`save-zone-${editing?.id ?? "new"}`)}
          />
        </CardContent>
      </Card>
    </div>
  );
}
