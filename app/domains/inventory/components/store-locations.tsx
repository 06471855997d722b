import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import type { StoreLocation } from "~/domains/inventory/store-management-data";
import type { StoreAnswer } from "~/domains/inventory/store-answer";
import { useIsPending } from "~/lib/use-is-pending";

/** The seller's locations: the Online one, their shops (editable, archivable) and a form to add a shop. */
export function StoreLocations({ locations, answer }: { locations: StoreLocation[]; answer?: StoreAnswer }) {
  const open = locations.filter((location) => !location.archived);
  const archived = locations.filter((location) => location.archived);
  return (
    <section aria-labelledby="locations-title" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <h2 id="locations-title" className="text-2xl font-semibold">
        Your locations
      </h2>
      <ul className="grid gap-4 md:grid-cols-2">
        {open.map((location) => (
          <li key={location.id}>
            <LocationCard location={location} answer={answer} />
          </li>
        ))}
      </ul>
      <details className="rounded-lg border p-4" open={answer?.formKey === "save-location:" && !answer.ok}>
        <summary className="cursor-pointer font-medium">Add a shop</summary>
        <ShopForm answer={answer?.formKey === "save-location:" ? answer : undefined} />
      </details>
      {archived.length ? (
        <div className="grid gap-2">
          <h3 className="font-semibold">Archived locations</h3>
          <p className="text-sm text-muted-foreground">They keep their stock history but take no new stock.</p>
          <ul className="grid gap-2">
            {archived.map((location) => (
              <li key={location.id} className="flex flex-wrap items-center gap-3 rounded-md border p-3">
                <span className="font-medium">{location.name}</span>
                <Form method="post">
                  <input type="hidden" name="id" value={location.id} />
                  <Button type="submit" name="intent" value="restore-location" variant="outline" size="sm">
                    Restore {location.name}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function LocationCard({ location, answer }: { location: StoreLocation; answer?: StoreAnswer }) {
  const mine = answer?.formKey === `save-location:${location.id}` ? answer : undefined;
  const archiveError = answer?.formKey === `archive-location:${location.id}` ? answer.formError : null;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold">{location.name}</h3>
        <Badge variant="outline">{location.kind === "online" ? "Online" : "Shop"}</Badge>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {location.kind === "online" ? (
          <p className="text-muted-foreground">The stock your online store, buy buttons and links sell from.</p>
        ) : (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-muted-foreground">Address</dt>
              <dd className="whitespace-pre-line break-words">{location.address || "Not set"}</dd>
              <dt className="text-muted-foreground">Opening hours</dt>
              <dd className="whitespace-pre-line break-words">{location.openingHours || "Not set"}</dd>
              <dt className="text-muted-foreground">Phone</dt>
              <dd className="break-words">{location.phone || "Not set"}</dd>
            </dl>
            <details open={Boolean(mine && !mine.ok)}>
              <summary className="cursor-pointer font-medium">Edit {location.name}</summary>
              <ShopForm location={location} answer={mine} />
            </details>
            <Form method="post">
              <input type="hidden" name="id" value={location.id} />
              <Button type="submit" name="intent" value="archive-location" variant="outline" size="sm">
                Archive {location.name}
              </Button>
            </Form>
            <FormAlert message={archiveError ?? undefined} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ShopForm({ location, answer }: { location?: StoreLocation; answer?: StoreAnswer }) {
  const key = location?.id ?? "new";
  const saving = useIsPending({ intent: "save-location", state: "submitting" });
  const errors = answer?.fieldErrors ?? {};
  const field = (name: string) => `shop-${key}-${name}`;
  return (
    <Form method="post" className="mt-3 grid gap-1" key={answer?.ok ? answer.answerId : key}>
      <input type="hidden" name="intent" value="save-location" />
      <input type="hidden" name="id" value={location?.id ?? ""} />
      <FormField id={field("name")} label="Shop name" errors={errors.name}>
        {(control) => <Input {...control} name="name" defaultValue={location?.name ?? ""} required maxLength={80} />}
      </FormField>
      <FormField id={field("address")} label="Address" errors={errors.address}>
        {(control) => <Textarea {...control} name="address" defaultValue={location?.address ?? ""} rows={2} />}
      </FormField>
      <FormField
        id={field("hours")}
        label="Opening hours"
        errors={errors.openingHours}
        hint="For example: Mon–Sat 9:00–18:00"
      >
        {(control) => (
          <Textarea {...control} name="openingHours" defaultValue={location?.openingHours ?? ""} rows={2} />
        )}
      </FormField>
      <FormField id={field("phone")} label="Phone" errors={errors.phone}>
        {(control) => (
          <Input {...control} name="phone" type="tel" defaultValue={location?.phone ?? ""} autoComplete="off" />
        )}
      </FormField>
      <FormAlert message={answer?.formError ?? undefined} />
      <div>
        <Button type="submit" disabled={saving}>
          {location ? `Save ${location.name}` : "Add shop"}
        </Button>
      </div>
    </Form>
  );
}
