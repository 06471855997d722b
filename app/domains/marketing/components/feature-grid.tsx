import { BarChart3, CreditCard, FileText, Mail, Megaphone, ShieldCheck, Store, Upload } from "lucide-react";
import type { Feature } from "~/domains/marketing/content/marketing";

const ICONS: Record<string, typeof Upload> = {
  "digital-products": Upload,
  "automatic-delivery": Mail,
  "sales-pages": FileText,
  payments: CreditCard,
  analytics: BarChart3,
  "marketing-tools": Megaphone,
  "sales-methods": Store,
  security: ShieldCheck,
};

export function FeatureGrid({ features, headingLevel = 3 }: { features: Feature[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {features.map((feature) => {
        const Icon = ICONS[feature.id] ?? FileText;
        return (
          <li key={feature.id} className="rounded-lg border bg-card p-6 shadow-sm">
            <span className="grid size-10 place-items-center rounded-md bg-secondary text-secondary-foreground">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <Heading className="mt-4 font-semibold">{feature.title}</Heading>
            <p className="mt-2 text-sm text-muted-foreground">{feature.description}</p>
          </li>
        );
      })}
    </ul>
  );
}
