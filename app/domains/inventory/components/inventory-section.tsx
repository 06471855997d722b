import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { Input, Label, Select } from "~/components/ui/input";
import {
  INVENTORY_EXPORT_PATH,
  INVENTORY_PAGE_SIZE,
  inventoryHref,
  itemName,
  RETAIL_SETUP_PATH,
  type StoreFeatures,
} from "~/domains/inventory/inventory-display";
import type {
  InventoryItem,
  InventoryView,
  StockHistoryEntry,
  StoreLocation,
} from "~/domains/inventory/store-management-data";
import type { StoreAnswer } from "~/domains/inventory/store-answer";
import { StockCountReview } from "./stock-count-review";
import { StockImportPanel } from "./stock-import-panel";
import { StockItemPanel } from "./stock-item-panel";

/** The loader's data this section reads. */
export type InventoryData = {
  features: StoreFeatures;
  locations: StoreLocation[];
  anyItems: boolean;
  total: number;
  items: InventoryItem[];
  history: StockHistoryEntry[] | null;
  view: InventoryView & { countLocationId: string | null };
  timeZone: string;
};

/** An item's stock at a location: on hand and reserved, 0 where it never had any. */
export function levelAt(item: InventoryItem, locationId: string): { onHand: number; available: number } {
  const level = item.levels.find(([id]) => id === locationId);
  const onHand = level?.[1] ?? 0;
  return { onHand, available: onHand - (level?.[2] ?? 0) };
}

/** The inventory: filters, export and import, counts, and the table of items with their stock per location. */
export function InventorySection({
  data,
  answer,
  loading,
}: {
  data: InventoryData;
  answer?: StoreAnswer;
  loading: boolean;
}) {
  const { features, view } = data;
  return (
    <section aria-labelledby="inventory-title" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <h2 id="inventory-title" className="text-2xl font-semibold">
        Inventory
      </h2>
      {!features.inventory ? (
        <p className="rounded-md border border-dashed p-4">
          Inventory tracking is off in your retail store setup, so stock is not shown here.{" "}
          <Link to={RETAIL_SETUP_PATH} className="font-medium text-primary underline underline-offset-4">
            Turn on inventory tracking in your retail store setup
          </Link>
          .
        </p>
      ) : !data.anyItems ? (
        <div className="rounded-md border border-dashed p-6 text-center">
          <p className="text-lg font-medium">No physical products yet</p>
          <p className="mt-1 text-muted-foreground">Add a physical product to keep its stock here.</p>
          <ButtonLink to="/tools/products/new" className="mt-4">
            Create a physical product
          </ButtonLink>
        </div>
      ) : (
        <InventoryTools data={data} answer={answer} loading={loading} view={view} />
      )}
    </section>
  );
}

function InventoryTools({
  data,
  answer,
  loading,
  view,
}: {
  data: InventoryData;
  answer?: StoreAnswer;
  loading: boolean;
  view: InventoryData["view"];
}) {
  const open = data.locations.filter((location) => !location.archived);
  const shown = view.locationId ? open.filter((location) => location.id === view.locationId) : open;
  const counting = open.find((location) => location.id === view.countLocationId) ?? null;
  const review = answer?.countReview && counting?.id === answer.countReview.locationId ? answer.countReview : null;
  const keep = {
    q: view.search,
    location: view.locationId,
    low: view.lowOnly ? 1 : null,
    page: view.page > 1 ? view.page : null,
    count: counting?.id,
  };
  const pages = Math.max(1, Math.ceil(data.total / INVENTORY_PAGE_SIZE));
  const first = data.total ? (view.page - 1) * INVENTORY_PAGE_SIZE + 1 : 0;
  const last = Math.min(data.total, view.page * INVENTORY_PAGE_SIZE);
  const countAnswer = answer?.formKey === "count" ? answer : undefined;
  return (
    <>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Inventory">
        <div className="grid gap-1">
          <Label htmlFor="inventory-search">Search by name, SKU or barcode</Label>
          <Input
            id="inventory-search"
            name="q"
            type="search"
            defaultValue={view.search ?? ""}
            className="w-64 max-w-full"
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="inventory-location">Location</Label>
          <Select
            id="inventory-location"
            name="location"
            defaultValue={view.locationId ?? ""}
            options={open.map((location) => ({ value: location.id, label: location.name }))}
          >
            <option value="">All locations</option>
          </Select>
        </div>
        <label className="flex h-10 items-center gap-2 text-sm">
          <input type="checkbox" name="low" value="1" defaultChecked={view.lowOnly} className="size-4" />
          Low stock only
        </label>
        {counting ? <input type="hidden" name="count" value={counting.id} /> : null}
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      <div className="flex flex-wrap items-start gap-3">
        <a
          href={INVENTORY_EXPORT_PATH}
          download
          className="inline-flex h-10 items-center rounded-md border border-input px-4 text-sm font-medium hover:bg-accent"
        >
          Export inventory (CSV)
        </a>
        <p className="max-w-xl text-sm text-muted-foreground">
          One row per item and location (sku, barcode, product, variant, location, quantity on hand, reserved,
          available), so it sorts and filters in a spreadsheet and imports back as a count.
        </p>
      </div>
      <StockImportPanel answer={answer?.formKey === "import" ? answer : undefined} />
      {counting ? (
        review ? (
          <StockCountReview location={counting} review={review} backHref={inventoryHref(keep)} />
        ) : (
          <Form method="post" id="count-form" className="grid gap-2 rounded-lg border p-4">
            <h3 className="font-semibold">Counting stock at {counting.name}</h3>
            <p className="text-sm text-muted-foreground">
              Enter the quantities you counted in the table below; leave an item blank to keep its stock. You review the
              differences before anything is posted.
            </p>
            <input type="hidden" name="locationId" value={counting.id} />
            <FormAlert message={countAnswer && !countAnswer.ok ? (countAnswer.formError ?? undefined) : undefined} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="count-review">
                Review differences
              </Button>
              <ButtonLink to={inventoryHref({ ...keep, count: null })} variant="outline">
                Cancel count
              </ButtonLink>
            </div>
          </Form>
        )
      ) : (
        <Form method="get" className="flex flex-wrap items-end gap-3">
          {view.search ? <input type="hidden" name="q" value={view.search} /> : null}
          <div className="grid gap-1">
            <Label htmlFor="count-location">Count stock at</Label>
            <Select
              id="count-location"
              name="count"
              options={open.map((location) => ({ value: location.id, label: location.name }))}
            />
          </div>
          <Button type="submit" variant="outline">
            Start a stock count
          </Button>
        </Form>
      )}
      <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
        <p role="status" className="mb-2 text-sm text-muted-foreground">
          {loading
            ? "Loading…"
            : data.total
              ? `Showing ${first}–${last} of ${data.total} ${data.total === 1 ? "item" : "items"}`
              : "No items match these filters."}
        </p>
        {data.items.length ? (
          <InventoryTable
            data={data}
            shown={shown}
            open={open}
            counting={review ? null : counting}
            keep={keep}
            answer={answer}
          />
        ) : null}
      </div>
      {pages > 1 ? (
        <nav aria-label="Pages of inventory" className="flex flex-wrap items-center gap-2">
          {view.page > 1 ? (
            <ButtonLink to={inventoryHref({ ...keep, page: view.page - 1 })} variant="outline">
              Previous page
            </ButtonLink>
          ) : null}
          <span className="text-sm text-muted-foreground">
            Page {view.page} of {pages}
          </span>
          {view.page < pages ? (
            <ButtonLink to={inventoryHref({ ...keep, page: view.page + 1 })} variant="outline">
              Next page
            </ButtonLink>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

function InventoryTable({
  data,
  shown,
  open,
  counting,
  keep,
  answer,
}: {
  data: InventoryData;
  shown: StoreLocation[];
  open: StoreLocation[];
  counting: StoreLocation | null;
  keep: Record<string, string | number | null | undefined>;
  answer?: StoreAnswer;
}) {
  const columns = [
    { label: "Item" },
    { label: "SKU" },
    { label: "Barcode" },
    ...shown.map((location) => ({ label: location.name, align: "right" as const })),
    ...(counting ? [{ label: `Counted at ${counting.name}`, align: "right" as const }] : []),
    { label: "Status" },
    { label: "Actions" },
  ];
  const countErrors = answer?.formKey === "count" ? answer.fieldErrors : {};
  return (
    <DataTable caption="Stock of your items per location" columns={columns} wide>
      {data.items.map((item) => {
        const name = itemName(item.productName, item.variantTitle);
        const available = shown.reduce((sum, location) => sum + levelAt(item, location.id).available, 0);
        const low = item.threshold !== null && available <= item.threshold;
        const negative = item.levels.some(([, onHand]) => onHand < 0);
        const opened = data.view.itemId === item.id;
        const countError = countErrors[`counted.${item.id}`]?.[0];
        return [
          <tr key={item.id} id={`item-${item.id}`} className="border-t align-top">
            <th scope="row" className="px-3 py-2 font-medium">
              {name}
            </th>
            <td className="px-3 py-2 break-all">{item.sku ?? "—"}</td>
            <td className="px-3 py-2 break-all">{item.barcode ?? "—"}</td>
            {shown.map((location) => {
              const level = levelAt(item, location.id);
              return (
                <td key={location.id} className="px-3 py-2 text-right tabular-nums">
                  <span className="block">{level.onHand} on hand</span>
                  <span className="block text-xs text-muted-foreground">{level.available} available</span>
                </td>
              );
            })}
            {counting ? (
              <td className="px-3 py-2 text-right">
                <input type="hidden" name="variantId" value={item.id} form="count-form" />
                <Input
                  id={`counted-${item.id}`}
                  aria-label={`Counted ${name} at ${counting.name}`}
                  name="counted"
                  form="count-form"
                  inputMode="numeric"
                  autoComplete="off"
                  className="ml-auto w-24 text-right"
                  aria-invalid={Boolean(countError)}
                  aria-describedby={countError ? `counted-${item.id}-error` : undefined}
                />
                {countError ? (
                  <span id={`counted-${item.id}-error`} className="mt-1 block text-xs text-destructive">
                    {countError}
                  </span>
                ) : null}
              </td>
            ) : null}
            <td className="px-3 py-2">
              <span className="flex flex-wrap gap-1">
                {negative ? <Badge variant="destructive">Needs review</Badge> : null}
                {low ? <Badge variant="warning">Low stock</Badge> : null}
              </span>
            </td>
            <td className="px-3 py-2">
              <Link
                to={inventoryHref({ ...keep, item: opened ? null : item.id }, opened ? "" : `#manage-${item.id}`)}
                preventScrollReset
                className="font-medium text-primary underline underline-offset-4"
                aria-expanded={opened}
                aria-label={`${opened ? "Close" : "Manage"} ${name}`}
              >
                {opened ? "Close" : "Manage"}
              </Link>
            </td>
          </tr>,
          opened ? (
            <tr key={`${item.id}-panel`} className="border-t bg-muted/30">
              <td colSpan={columns.length} className="px-3 py-4">
                <StockItemPanel
                  item={item}
                  locations={open}
                  history={data.history ?? []}
                  timeZone={data.timeZone}
                  answer={answer}
                />
              </td>
            </tr>
          ) : null,
        ];
      })}
    </DataTable>
  );
}
