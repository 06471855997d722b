import { Check } from "lucide-react";
import type { PlanOffer } from "~/domains/marketing/content/plans";
import { cn } from "~/lib/cn";

/** "€19/month" or "Free + 8%". */
export function PlanPrice({
  plan,
  large = false,
  className,
}: {
  plan: PlanOffer;
  large?: boolean;
  className?: string;
}) {
  return (
    <p className={className}>
      <span className={large ? "text-5xl font-extrabold" : "text-3xl font-bold"}>{plan.price}</span>
      {plan.period ? <span className={cn("text-muted-foreground", large && "text-lg")}>{plan.period}</span> : null}
    </p>
  );
}

/** A plan's features with check marks. */
export function PlanFeatureList({ features, className }: { features: string[]; className?: string }) {
  return (
    <ul className={cn("space-y-2", className)}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
