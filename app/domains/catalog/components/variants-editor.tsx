import { Plus, Trash2, Undo2, X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import {
  combinationCount,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
  OPTION_NAME_MAX,
  OPTION_VALUE_MAX,
  type ProductOption,
  SKU_MAX,
  splitOptionValues,
  variantCombinations,
  variantKey,
  variantTitle,
} from "~/domains/catalog/variant-options";
import type { Currency } from "~/lib/money";

/** A variant row as typed: its codes and price override. */
type RowValues = { sku: string; barcode: string; price: string };
const EMPTY_ROW: RowValues = { sku: "", barcode: "", price: "" };

/** The editor's starting point: the saved options and variants (as form values) and each variant's stock. */
export type VariantsEditorValues = {
  options: ProductOption[];
  variants: ({ optionValues: string[] } & RowValues)[];
  /** Units available per combination key (variantKey). */
  stock: Record<string, number>;
};

/**
 * Options (up to three) and the table of their combinations, posted as `options[i]…` and `variants[k]…` for the
 * product schema; errors come keyed by those names. Keyboard-complete: every action is a button or an Enter.
 */
export function VariantsEditor({
  initial,
  errors,
  currency,
  pricePlaceholder,
  children,
}: {
  initial: VariantsEditorValues;
  errors: Record<string, string[] | undefined>;
  currency: Currency;
  pricePlaceholder: string;
  /** What the form shows instead of the table when the product has no options (its own SKU and barcode). */
  children?: React.ReactNode;
}) {
  const id = useId();
  const [options, setOptions] = useState<ProductOption[]>(initial.options);
  const [rows, setRows] = useState<Record<string, RowValues>>(() =>
    Object.fromEntries(initial.variants.map(({ optionValues, ...row }) => [variantKey(optionValues), row])),
  );
  const [removed, setRemoved] = useState<Set<string>>(() => {
    const saved = new Set(initial.variants.map((variant) => variantKey(variant.optionValues)));
    if (initial.options.length === 0 || combinationCount(initial.options) > MAX_PRODUCT_VARIANTS) return new Set();
    return new Set(
      variantCombinations(initial.options)
        .map(variantKey)
        .filter((key) => !saved.has(key)),
    );
  });
  const [drafts, setDrafts] = useState<string[]>(() => initial.options.map(() => ""));

  const count = combinationCount(options);
  const tooMany = count > MAX_PRODUCT_VARIANTS;
  const combinations = options.length === 0 || tooMany ? [] : variantCombinations(options);
  const kept = combinations.filter((values) => !removed.has(variantKey(values)));
  const dropped = combinations.filter((values) => removed.has(variantKey(values)));

  const setOption = (index: number, change: Partial<ProductOption>) =>
    setOptions((old) => old.map((option, i) => (i === index ? { ...option, ...change } : option)));
  const addValues = (index: number, text: string) => {
    const typed = splitOptionValues(text);
    if (!typed.length) return;
    setOptions((old) =>
      old.map((option, i) => {
        if (i !== index) return option;
        const values = [...option.values];
        for (const value of typed)
          if (!values.some((known) => known.toLowerCase() === value.toLowerCase())) values.push(value);
        return { ...option, values };
      }),
    );
    setDrafts((old) => old.map((draft, i) => (i === index ? "" : draft)));
  };
  const onValueKey = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      addValues(index, event.currentTarget.value);
    }
  };
  const setRow = (key: string, change: Partial<RowValues>) =>
    setRows((old) => ({ ...old, [key]: { ...(old[key] ?? EMPTY_ROW), ...change } }));
  const toggle = (key: string, remove: boolean) =>
    setRemoved((old) => {
      const next = new Set(old);
      if (remove) next.add(key);
      else next.delete(key);
      return next;
    });
  const fieldError = (name: string) => errors[name]?.[0];

  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-4 rounded-md border p-4">
        <legend className="px-1 text-sm font-semibold">Options</legend>
        <p className="text-sm text-muted-foreground">
          {`Sizes, colours…: up to ${MAX_PRODUCT_OPTIONS} options and ${MAX_PRODUCT_VARIANTS} variants. Without options the product is sold as one item.`}
        </p>
        {options.map((option, index) => {
          const nameId = `${id}-option-${index}-name`;
          const valuesId = `${id}-option-${index}-values`;
          const nameError = fieldError(`options[${index}].name`);
          const valuesError = fieldError(`options[${index}].values`);
          const label = option.name.trim() || `option ${index + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: options have no id; their position is what is posted
            <div key={index} className="grid gap-3 rounded-md border bg-muted/30 p-3">
              <div className="grid gap-2">
                <Label htmlFor={nameId}>{`Option ${index + 1} name`}</Label>
                <Input
                  id={nameId}
                  name={`options[${index}].name`}
                  value={option.name}
                  maxLength={OPTION_NAME_MAX}
                  autoComplete="off"
                  placeholder={index === 0 ? "Size" : index === 1 ? "Colour" : "Material"}
                  aria-invalid={Boolean(nameError)}
                  aria-describedby={nameError ? `${nameId}-error` : undefined}
                  onChange={(event) => setOption(index, { name: event.currentTarget.value })}
                />
                <p id={`${nameId}-error`} aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
                  {nameError}
                </p>
              </div>
              {option.values.length > 0 ? (
                <ul aria-label={`Values of ${label}`} className="flex flex-wrap gap-2">
                  {option.values.map((value, valueIndex) => (
                    <li
                      key={value}
                      className="inline-flex items-center gap-1 rounded-full border bg-background py-1 pl-3 pr-1 text-sm"
                    >
                      {value}
                      <input type="hidden" name={`options[${index}].values[${valueIndex}]`} value={value} />
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-7 rounded-full"
                        aria-label={`Remove ${value} from ${label}`}
                        onClick={() => setOption(index, { values: option.values.filter((known) => known !== value) })}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="grid gap-2">
                <Label htmlFor={valuesId}>{`Add values to ${label}`}</Label>
                <div className="flex gap-2">
                  <Input
                    id={valuesId}
                    value={drafts[index] ?? ""}
                    maxLength={OPTION_VALUE_MAX * 10}
                    autoComplete="off"
                    placeholder={index === 0 ? "S, M, L" : "Red, Blue"}
                    aria-invalid={Boolean(valuesError)}
                    aria-describedby={`${valuesId}-hint${valuesError ? ` ${valuesId}-error` : ""}`}
                    onChange={(event) => {
                      const text = event.currentTarget.value;
                      setDrafts((old) => old.map((draft, i) => (i === index ? text : draft)));
                    }}
                    onKeyDown={(event) => onValueKey(index, event)}
                  />
                  <Button variant="outline" onClick={() => addValues(index, drafts[index] ?? "")}>
                    Add<span className="sr-only">{` values to ${label}`}</span>
                  </Button>
                </div>
                <p id={`${valuesId}-hint`} className="text-xs text-muted-foreground">
                  Press Enter or type a comma after each value.
                </p>
                <p id={`${valuesId}-error`} aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
                  {valuesError}
                </p>
              </div>
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    setOptions((old) => old.filter((_, i) => i !== index));
                    setDrafts((old) => old.filter((_, i) => i !== index));
                  }}
                >
                  <Trash2 aria-hidden="true" /> {`Remove ${label}`}
                </Button>
              </div>
            </div>
          );
        })}
        <div>
          <Button
            variant="outline"
            disabled={options.length >= MAX_PRODUCT_OPTIONS}
            onClick={() => {
              setOptions((old) => [...old, { name: "", values: [] }]);
              setDrafts((old) => [...old, ""]);
            }}
          >
            <Plus aria-hidden="true" /> Add option
          </Button>
        </div>
        <p aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
          {fieldError("options")}
        </p>
      </fieldset>

      {options.length === 0 ? children : null}

      {options.length > 0 ? (
        <section aria-labelledby={`${id}-variants-title`} className="grid gap-3">
          <h3 id={`${id}-variants-title`} className="text-base font-semibold">
            {`Variants (${kept.length})`}
          </h3>
          <p id={`${id}-variants-error`} aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
            {tooMany
              ? `These options make ${count} combinations: a product can have at most ${MAX_PRODUCT_VARIANTS} variants.`
              : fieldError("variants")}
          </p>
          {kept.length > 0 ? (
            <table className="w-full text-sm max-md:block">
              <caption className="sr-only">Variants, with their SKU, barcode, price and stock</caption>
              <thead className="text-left text-muted-foreground max-md:sr-only">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Variant
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    SKU
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Barcode
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {`Price (${currency})`}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Available
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody className="max-md:grid max-md:gap-3">
                {kept.map((values, index) => {
                  const key = variantKey(values);
                  const row = rows[key] ?? EMPTY_ROW;
                  const title = variantTitle(values);
                  const rowError = fieldError(`variants[${index}]`);
                  const cellId = `${id}-variant-${index}`;
                  return (
                    <tr
                      key={key}
                      className="border-t align-top max-md:grid max-md:gap-2 max-md:rounded-md max-md:border max-md:p-3"
                    >
                      <th scope="row" className="py-2 pr-3 text-left font-semibold max-md:block">
                        {title}
                        {values.map((value, valueIndex) => (
                          <input
                            // biome-ignore lint/suspicious/noArrayIndexKey: a value's position is its option
                            key={valueIndex}
                            type="hidden"
                            name={`variants[${index}].optionValues[${valueIndex}]`}
                            value={value}
                          />
                        ))}
                        {rowError ? <span className="block text-sm text-destructive">{rowError}</span> : null}
                      </th>
                      <VariantCell
                        id={`${cellId}-sku`}
                        name={`variants[${index}].sku`}
                        label="SKU"
                        title={title}
                        value={row.sku}
                        error={fieldError(`variants[${index}].sku`)}
                        maxLength={SKU_MAX}
                        onChange={(sku) => setRow(key, { sku })}
                      />
                      <VariantCell
                        id={`${cellId}-barcode`}
                        name={`variants[${index}].barcode`}
                        label="Barcode"
                        title={title}
                        value={row.barcode}
                        error={fieldError(`variants[${index}].barcode`)}
                        inputMode="numeric"
                        maxLength={20}
                        onChange={(barcode) => setRow(key, { barcode })}
                      />
                      <VariantCell
                        id={`${cellId}-price`}
                        name={`variants[${index}].price`}
                        label={`Price (${currency})`}
                        title={title}
                        value={row.price}
                        error={fieldError(`variants[${index}].price`)}
                        inputMode="decimal"
                        placeholder={pricePlaceholder}
                        maxLength={20}
                        onChange={(price) => setRow(key, { price })}
                      />
                      <td className="py-2 pr-3 max-md:block">
                        <span className="md:sr-only">Available: </span>
                        {(initial.stock[key] ?? 0).toLocaleString("en-US")}
                      </td>
                      <td className="py-2 max-md:block">
                        <Button variant="ghost" size="sm" onClick={() => toggle(key, true)}>
                          <Trash2 aria-hidden="true" />
                          <span className="md:sr-only">Remove</span>
                          <span className="sr-only">{` ${title}`}</span>
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : null}
          {dropped.length > 0 ? (
            <div className="grid gap-2">
              <h4 className="text-sm font-semibold">Not sold</h4>
              <ul className="flex flex-wrap gap-2">
                {dropped.map((values) => {
                  const title = variantTitle(values);
                  return (
                    <li key={variantKey(values)}>
                      <Button variant="outline" size="sm" onClick={() => toggle(variantKey(values), false)}>
                        <Undo2 aria-hidden="true" /> {`Sell ${title} again`}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}
          <p className="text-xs text-muted-foreground">
            {`An empty price sells the variant at the product's price. Stock is counted in Store Management.`}
          </p>
        </section>
      ) : null}
    </div>
  );
}

/** One labelled input of a variant row: the label is visible when rows are stacked, for screen readers always. */
function VariantCell({
  id,
  name,
  label,
  title,
  value,
  error,
  onChange,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  title: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  inputMode?: "numeric" | "decimal";
  placeholder?: string;
  maxLength?: number;
}) {
  return (
    <td className="py-2 pr-3 max-md:block">
      <Label htmlFor={id} className="mb-1 block md:sr-only">
        {label}
        <span className="sr-only">{` of ${title}`}</span>
      </Label>
      <Input
        id={id}
        name={name}
        value={value}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        className="min-w-24"
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </td>
  );
}
