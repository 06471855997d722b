import { Badge } from "~/components/ui/badge";
import { PRODUCT_STATUSES } from "~/domains/catalog/content/product-types";

const VARIANTS = { draft: "secondary", published: "success", archived: "outline" } as const;

/** A product's status as a badge: Draft, Published or Archived. */
export function ProductStatusBadge({ status }: { status: string }) {
  const known = PRODUCT_STATUSES.find((option) => option.value === status);
  return <Badge variant={VARIANTS[known?.value ?? "draft"]}>{known?.label ?? status}</Badge>;
}
