import { ButtonLink } from "~/components/ui/button";
import type { StoreFeatures } from "~/domains/inventory/inventory-display";

/** Links to the pages of the features the seller switched on in the Retail Store setup. */
export function StoreFeatureLinks({ features }: { features: StoreFeatures }) {
  const links = [
    features.pos ? { to: "/tools/pos", label: "Open the POS" } : null,
    features.customer ? { to: "/customers", label: "Your customers" } : null,
    features.analytics ? { to: "/analytics", label: "Sales analytics" } : null,
  ].filter((link) => link !== null);
  if (!links.length) return null;
  return (
    <nav aria-label="Store features" className="mt-4 flex flex-wrap gap-2">
      {links.map((link) => (
        <ButtonLink key={link.to} to={link.to} variant="outline">
          {link.label}
        </ButtonLink>
      ))}
    </nav>
  );
}
