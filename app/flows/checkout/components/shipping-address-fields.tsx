import { getInputProps, getSelectProps } from "@conform-to/react";
import { FormField } from "~/components/ui/form-field";
import { Input, Select } from "~/components/ui/input";
import { COUNTRIES } from "~/domains/shipping/content/countries";
import { REGION_LABELS, regionsOf } from "~/domains/shipping/content/regions";
import type { AnyField } from "~/lib/any-field";

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

type AddressFieldSet = Record<"name" | "line1" | "line2" | "city" | "region" | "postcode" | "country", AnyField>;

/**
 * The shipping address of a physical order: recipient, street, city, country, region and postcode. The country comes
 * from the full ISO list; the region, where addresses need one, from the country's list.
 */
export function ShippingAddressFields({
  fields,
  country,
  countryError,
}: {
  fields: AddressFieldSet;
  /** The country's error, from the form or from the shipping options' answer. */
  countryError?: string;
  /** The country chosen now: it decides the region's list. */
  country: string;
}) {
  const regions = regionsOf(country);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-lg font-semibold">Shipping address</legend>
      <FormField id={fields.name.id} label="Full name" errors={fields.name.errors}>
        {(control) => <Input {...getInputProps(fields.name, { type: "text" })} {...control} autoComplete="name" />}
      </FormField>
      <FormField id={fields.country.id} label="Country" errors={countryError ? [countryError] : undefined}>
        {(control) => (
          <Select
            {...getSelectProps(fields.country)}
            {...control}
            key={fields.country.key}
            options={COUNTRY_OPTIONS}
            autoComplete="country"
          >
            <option value="">Choose a country</option>
          </Select>
        )}
      </FormField>
      <FormField id={fields.line1.id} label="Address" errors={fields.line1.errors}>
        {(control) => (
          <Input {...getInputProps(fields.line1, { type: "text" })} {...control} autoComplete="address-line1" />
        )}
      </FormField>
      <FormField id={fields.line2.id} label="Apartment, suite, etc. (optional)" errors={fields.line2.errors}>
        {(control) => (
          <Input {...getInputProps(fields.line2, { type: "text" })} {...control} autoComplete="address-line2" />
        )}
      </FormField>
      <div className="grid gap-2 sm:grid-cols-2">
        <FormField id={fields.city.id} label="City" errors={fields.city.errors}>
          {(control) => (
            <Input {...getInputProps(fields.city, { type: "text" })} {...control} autoComplete="address-level2" />
          )}
        </FormField>
        {regions.length > 0 ? (
          <FormField id={fields.region.id} label={REGION_LABELS[country] ?? "Region"} errors={fields.region.errors}>
            {(control) => (
              <Select
                {...getSelectProps(fields.region)}
                {...control}
                key={`${fields.region.key}-${country}`}
                options={regions.map((region) => ({ value: region.code, label: region.name }))}
                autoComplete="address-level1"
              >
                <option value="">Choose one</option>
              </Select>
            )}
          </FormField>
        ) : (
          <FormField id={fields.region.id} label="Region (optional)" errors={fields.region.errors}>
            {(control) => (
              <Input {...getInputProps(fields.region, { type: "text" })} {...control} autoComplete="address-level1" />
            )}
          </FormField>
        )}
      </div>
      <FormField id={fields.postcode.id} label="Postcode" errors={fields.postcode.errors}>
        {(control) => (
          <Input
            {...getInputProps(fields.postcode, { type: "text" })}
            {...control}
            autoComplete="postal-code"
            className="sm:max-w-48"
          />
        )}
      </FormField>
    </fieldset>
  );
}
