import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input, Select } from "~/components/ui/input";
import { itemName } from "~/domains/inventory/inventory-display";
import type { InventoryItem, StockHistoryEntry, StoreLocation } from "~/domains/inventory/store-management-data";
import { ADJUSTMENT_REASONS, STOCK_MOVEMENT_KINDS } from "~/domains/inventory/stock-kinds";
import type { StoreAnswer } from "~/domains/inventory/store-answer";
import { formatDateTime } from "~/lib/zoned-time";

const kindLabel = (kind: string) => STOCK_MOVEMENT_KINDS.find((entry) => entry.value === kind)?.label ?? kind;
const reasonLabel = (reason: string | null) =>
  ADJUSTMENT_REASONS.find((entry) => entry.value === reason)?.label ?? reason ?? "";

/** One item's stock forms (receive, adjust, transfer, low-stock alert) and its history, shown under its row. */
export function StockItemPanel({
  item,
  locations,
  history,
  timeZone,
  answer,
}: {
  item: InventoryItem;
  locations: StoreLocation[];
  history: StockHistoryEntry[];
  timeZone: string;
  answer?: StoreAnswer;
}) {
  const name = itemName(item.productName, item.variantTitle);
  const options = locations.map((location) => ({ value: location.id, label: location.name }));
  const answerFor = (intent: string, key = item.id) => (answer?.formKey === `${intent}:${key}` ? answer : undefined);
  return (
    <section id={`manage-${item.id}`} className="grid gap-6" aria-labelledby={`manage-${item.id}-title`}>
      <h3 id={`manage-${item.id}-title`} className="text-lg font-semibold">
        Manage {name}
      </h3>
      <div className="grid gap-4 md:grid-cols-2">
        <StockForm title="Receive stock" intent="receive" item={item} answer={answerFor("receive")} button="Receive">
          {(errors, id) => (
            <>
              <LocationField
                id={id("location")}
                name="locationId"
                label="Location"
                options={options}
                errors={errors.locationId}
              />
              <QuantityField id={id("quantity")} label="Quantity received" errors={errors.quantity} />
              <NoteField id={id("note")} errors={errors.note} />
            </>
          )}
        </StockForm>
        <StockForm title="Adjust stock" intent="adjust" item={item} answer={answerFor("adjust")} button="Adjust">
          {(errors, id) => (
            <>
              <LocationField
                id={id("location")}
                name="locationId"
                label="Location"
                options={options}
                errors={errors.locationId}
              />
              <QuantityField
                id={id("quantity")}
                label="Change"
                errors={errors.quantity}
                hint="Negative to remove units (like -2), positive to add."
              />
              <FormField id={id("reason")} label="Reason" errors={errors.reason}>
                {(control) => <Select {...control} name="reason" options={ADJUSTMENT_REASONS} className="w-full" />}
              </FormField>
              <NoteField id={id("note")} errors={errors.note} />
            </>
          )}
        </StockForm>
        <StockForm
          title="Transfer stock"
          intent="transfer"
          item={item}
          answer={answerFor("transfer")}
          button="Transfer"
        >
          {(errors, id) => (
            <>
              <LocationField
                id={id("from")}
                name="fromLocationId"
                label="From location"
                options={options}
                errors={errors.fromLocationId}
              />
              <LocationField
                id={id("to")}
                name="toLocationId"
                label="To location"
                options={options}
                errors={errors.toLocationId}
                defaultValue={options[1]?.value}
              />
              <QuantityField id={id("quantity")} label="Quantity to transfer" errors={errors.quantity} />
              <NoteField id={id("note")} errors={errors.note} />
            </>
          )}
        </StockForm>
        <ThresholdForm item={item} answer={answerFor("threshold", item.productId)} />
      </div>
      <div className="grid gap-2">
        <h4 className="font-semibold">History of {name}</h4>
        {history.length ? (
          <DataTable
            caption={`Stock history of ${name}`}
            columns={[
              { label: "When" },
              { label: "Who" },
              { label: "Location" },
              { label: "Kind" },
              { label: "Quantity", align: "right" },
              { label: "Reason" },
              { label: "Note" },
            ]}
            wide
            focusable
          >
            {history.map((entry) => (
              <tr key={entry.id} className="border-t">
                <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(entry.createdAt, timeZone)}</td>
                <td className="px-3 py-2">{entry.actorName ?? "Sellkit"}</td>
                <td className="px-3 py-2">{entry.locationName}</td>
                <td className="px-3 py-2">{kindLabel(entry.kind)}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {entry.quantity > 0 ? `+${entry.quantity}` : entry.quantity}
                </td>
                <td className="px-3 py-2">{reasonLabel(entry.reason)}</td>
                <td className="px-3 py-2 break-words">{entry.note}</td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <p className="text-sm text-muted-foreground">No stock movements yet.</p>
        )}
      </div>
    </section>
  );
}

function StockForm({
  title,
  intent,
  item,
  answer,
  button,
  children,
}: {
  title: string;
  intent: string;
  item: InventoryItem;
  answer?: StoreAnswer;
  button: string;
  children: (errors: Record<string, string[]>, id: (name: string) => string) => ReactNode;
}) {
  const titleId = `${intent}-${item.id}-title`;
  return (
    <Form
      method="post"
      preventScrollReset
      className="grid gap-1 rounded-lg border bg-background p-4"
      aria-labelledby={titleId}
      key={answer?.ok ? answer.answerId : intent}
    >
      <h4 id={titleId} className="mb-2 font-semibold">
        {title}
      </h4>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="variantId" value={item.id} />
      {children(answer?.ok ? {} : (answer?.fieldErrors ?? {}), (name) => `${intent}-${item.id}-${name}`)}
      <FormAlert message={answer && !answer.ok ? (answer.formError ?? undefined) : undefined} />
      <div>
        <Button type="submit">{button}</Button>
      </div>
    </Form>
  );
}

function LocationField({
  id,
  name,
  label,
  options,
  errors,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  options: { value: string; label: string }[];
  errors?: string[];
  defaultValue?: string;
}) {
  return (
    <FormField id={id} label={label} errors={errors}>
      {(control) => (
        <Select {...control} name={name} options={options} defaultValue={defaultValue} className="w-full" />
      )}
    </FormField>
  );
}

function QuantityField({ id, label, errors, hint }: { id: string; label: string; errors?: string[]; hint?: string }) {
  return (
    <FormField id={id} label={label} errors={errors} hint={hint}>
      {(control) => <Input {...control} name="quantity" inputMode="numeric" autoComplete="off" required />}
    </FormField>
  );
}

function NoteField({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <FormField id={id} label="Note (optional)" errors={errors}>
      {(control) => <Input {...control} name="note" maxLength={200} autoComplete="off" />}
    </FormField>
  );
}

function ThresholdForm({ item, answer }: { item: InventoryItem; answer?: StoreAnswer }) {
  const id = `threshold-${item.id}`;
  return (
    <Form
      method="post"
      preventScrollReset
      className="grid gap-1 rounded-lg border bg-background p-4"
      aria-labelledby={`${id}-title`}
    >
      <h4 id={`${id}-title`} className="mb-2 font-semibold">
        Low-stock alert
      </h4>
      <input type="hidden" name="intent" value="threshold" />
      <input type="hidden" name="productId" value={item.productId} />
      <FormField
        id={id}
        label="Alert at or below (units)"
        errors={answer && !answer.ok ? answer.fieldErrors.threshold : undefined}
        hint={`For every variant of ${item.productName}. Leave empty for no alert; you get one email a day listing low items.`}
      >
        {(control) => (
          <Input
            {...control}
            name="threshold"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={item.threshold ?? ""}
            key={item.threshold ?? "none"}
          />
        )}
      </FormField>
      <FormAlert message={answer && !answer.ok ? (answer.formError ?? undefined) : undefined} />
      <div>
        <Button type="submit" variant="outline">
          Save alert level
        </Button>
      </div>
    </Form>
  );
}
