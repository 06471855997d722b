import { Store } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { BUSINESS_TYPES, COMPANY_SIZES } from "~/domains/workspace/content/business";
// biome-ignore lint/style/noRestrictedImports: a type-only import (erased from the browser bundle): the shape the loader sends
import type { BusinessCard as BusinessCardData } from "~/domains/workspace/server/business-card-query.server";

const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((item) => item.value === value)?.label ?? value;

/** Store name, description, business-type badges, target customers and company size. */
export function BusinessCard({ business }: { business: BusinessCardData }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <Store aria-hidden="true" className="size-5 text-primary" /> {business.storeName}
        </h2>
        <CardDescription>{business.businessDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <ul aria-label="Business types" className="flex flex-wrap gap-2">
          {business.businessTypes.map((type) => (
            <li key={type}>
              <Badge variant="secondary">{labelOf(BUSINESS_TYPES, type)}</Badge>
            </li>
          ))}
        </ul>
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Target customers</dt>
            <dd className="font-medium">{business.targetCustomers}</dd>
          </div>
          {business.companySize ? (
            <div>
              <dt className="text-muted-foreground">Company size</dt>
              <dd className="font-medium">{labelOf(COMPANY_SIZES, business.companySize)}</dd>
            </div>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
