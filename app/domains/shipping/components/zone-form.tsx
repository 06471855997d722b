import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { COUNTRIES } from "~/domains/shipping/content/countries";
import { shippingZoneSchema } from "~/domains/shipping/schemas/shipping-settings";
import { REST_OF_WORLD } from "~/domains/shipping/shipping-price";
import { useSchemaForm } from "~/lib/use-schema-form";

/**
 * A zone's form: its name, Rest of world, and its countries as checkboxes with a search that hides the others. Every
 * box still posts, so the form works without script.
 */
export function ZoneForm({
  zone,
  lastResult,
}: {
  zone: { id: string; name: string; countries: string[] } | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const formId = `zone-${zone?.id ?? "new"}`;
  const [form, fields] = useSchemaForm(formId, shippingZoneSchema, lastResult, {
    name: zone?.name ?? "",
    countries: zone?.countries.filter((c) => c !== REST_OF_WORLD) ?? [],
    restOfWorld: zone?.countries.includes(REST_OF_WORLD) ? "on" : "",
  });
  const [search, setSearch] = useState("");
  const chosen = new Set(zone?.countries ?? []);
  const needle = search.trim().toLowerCase();
  const countriesError = fields.countries.errors?.[0];
  return (
    <form method="post" {...getFormProps(form)} className="grid gap-3">
      <FormAlert message={form.errors?.[0]} />
      <input type="hidden" name="intent" value="save-zone" />
      {zone ? <input type="hidden" name="id" value={zone.id} /> : null}
      <FormField id={fields.name.id} label="Zone name" errors={fields.name.errors}>
        {(control) => <Input {...getInputProps(fields.name, { type: "text" })} {...control} placeholder="Europe" />}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name={fields.restOfWorld.name}
          defaultChecked={chosen.has(REST_OF_WORLD)}
          className="size-4"
        />
        Rest of world: every country your other zones do not list
      </label>
      <fieldset className="grid gap-2" aria-describedby={countriesError ? `${fields.countries.id}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Countries</legend>
        <label htmlFor={`${formId}-search`} className="sr-only">
          Search countries
        </label>
        <Input
          id={`${formId}-search`}
          type="search"
          placeholder="Search countries"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          autoComplete="off"
        />
        <div className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
          {COUNTRIES.map((country) => (
            <label
              key={country.code}
              className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-accent"
              hidden={
                needle !== "" && !country.name.toLowerCase().includes(needle) && country.code.toLowerCase() !== needle
              }
            >
              <input
                type="checkbox"
                name={fields.countries.name}
                value={country.code}
                defaultChecked={chosen.has(country.code)}
                className="size-4"
              />
              {country.name}
            </label>
          ))}
        </div>
        <p
          id={`${fields.countries.id}-error`}
          aria-live="polite"
          className="min-h-5 text-sm font-medium text-destructive"
        >
          {countriesError}
        </p>
      </fieldset>
      <div>
        <Button type="submit">{zone ? "Save zone" : "Add zone"}</Button>
      </div>
    </form>
  );
}
