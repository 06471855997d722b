import { useEffect } from "react";
import { isRouteErrorResponse, Link, useNavigation } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { combinePageQueries } from "~/kernel/session/page-query.server";
import { requireUser } from "~/routes/http/require-user.server";
import { InventorySection } from "~/domains/inventory/components/inventory-section";
import { StoreFeatureLinks } from "~/domains/inventory/components/store-feature-links";
import { StoreLocations } from "~/domains/inventory/components/store-locations";
import { STORE_MANAGEMENT_PATH, storeFeatures } from "~/domains/inventory/inventory-display";
import { SetupSummaryCard } from "~/domains/sales-methods/components/setup-summary-card";
import { salesMethod } from "~/domains/sales-methods/content/sales-methods";
import { describeSetup } from "~/domains/sales-methods/content/sales-options";
import { findTool } from "~/domains/workspace/content/tools";
import { ensureStoreLocations } from "~/domains/inventory/server/ensure-store-locations.server";
import { storeManagementQuery } from "~/domains/inventory/server/store-management-query.server";
import type { InventoryView, StoreManagementData } from "~/domains/inventory/store-management-data";
import { submitStoreManagement } from "~/domains/inventory/server/submit-store-management.server";
import type { StoreAnswer } from "~/domains/inventory/store-answer";
import { creatorTimeZone, savedTimeZoneQuery } from "~/kernel/store/creator-time-zone.server";
import { isUuid } from "~/lib/text-formats";
import { showToast } from "~/lib/toast";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import { toolMeta } from "~/domains/workspace/content/tool-meta";
import type { Route } from "./+types/inventory";

const TOOL = findTool("retail-dashboard")!;
const METHOD = salesMethod(TOOL.businessType);

export const meta: Route.MetaFunction = () => toolMeta(TOOL);

/** The view the URL names: search `q`, `location`, `low`, `page`, the open `item` and the `count` location. */
function viewOf(url: URL): InventoryView & { countLocationId: string | null } {
  const uuid = (name: string) => {
    const value = url.searchParams.get(name);
    return value && isUuid(value) ? value : null;
  };
  const page = Number(url.searchParams.get("page"));
  return {
    search: url.searchParams.get("q")?.replaceAll("\u0000", "").trim().slice(0, 100) || null,
    locationId: uuid("location"),
    lowOnly: url.searchParams.get("low") === "1",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    itemId: uuid("item"),
    countLocationId: uuid("count"),
  };
}

/** Whether the seller still lacks their Online location, or a first shop their Retail Store setup describes. */
function missingLocations(data: StoreManagementData): boolean {
  const online = data.locations.some((location) => location.kind === "online");
  const shop = data.locations.some((location) => location.kind === "shop");
  const storeName = typeof data.setup?.storeName === "string" ? data.setup.storeName.trim() : "";
  return !online || (!shop && storeName !== "");
}

/** The seller's shops and stock in one statement; a first visit creates the Online location and first shop. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const view = viewOf(ctx.url);
  const query = combinePageQueries({ store: storeManagementQuery(view), savedTimeZone: savedTimeZoneQuery });
  const user = await requireUser(context.services, ctx, { batch: context, page: query });
  let page = user.page;
  if (missingLocations(page.store)) {
    await ensureStoreLocations(context.services.db, user.id);
    page = (await requireUser(context.services, ctx, { page: query })).page;
  }
  const { setup, ...store } = page.store;
  return {
    ...store,
    view,
    setup: setup ? describeSetup(TOOL.businessType, setup) : null,
    features: storeFeatures(setup),
    timeZone: creatorTimeZone(ctx, page.savedTimeZone),
  };
}

/** Every form of the page, told apart by `intent`. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  const formData = await readFormData(request);
  return submitStoreManagement(context.services, user, formData);
}

export default function StoreManagement({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as StoreAnswer | undefined;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === STORE_MANAGEMENT_PATH;
  useEffect(() => {
    if (answer?.toast) showToast(answer.toast);
  }, [answer]);
  const { features, locations } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-10 px-4 py-8 sm:px-6">
      <div>
        <BackLink to="/dashboard">Back to dashboard</BackLink>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{TOOL.name}</h1>
        <p className="mt-2 text-lg text-muted-foreground">{TOOL.description}</p>
        <StoreFeatureLinks features={features} />
      </div>
      <StoreLocations locations={locations} answer={answer} />
      <InventorySection data={loaderData} answer={answer} loading={loading} />
      <SetupSummaryCard
        name={METHOD.name.toLowerCase()}
        path={METHOD.path}
        setup={loaderData.setup}
        emptyText={`Nothing saved yet. Set up your ${METHOD.name.toLowerCase()} to name your first shop and choose its features.`}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data?.message === "string"
      ? error.data.message
      : "Store Management could not be loaded. Please try again in a moment.";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <BackLink to="/dashboard">Back to dashboard</BackLink>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Store Management</h1>
      <p role="alert" className="mt-4">
        {message}
      </p>
      <p className="mt-4">
        <Link to={STORE_MANAGEMENT_PATH} className="font-medium text-primary underline underline-offset-4">
          Try again
        </Link>
      </p>
    </div>
  );
}
