import { cn } from "~/lib/cn";

/** Headline figures as small bordered tiles in a grid the caller sizes. */
export function FigureTiles({
  figures,
  className,
  label,
}: {
  figures: readonly (readonly [term: string, value: string])[];
  className?: string;
  label?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-2 gap-3", className)} aria-label={label}>
      {figures.map(([term, value]) => (
        <div key={term} className="rounded-md border p-2">
          <dt className="text-xs text-muted-foreground">{term}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
