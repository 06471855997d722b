import { Settings2 } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { cn } from "~/lib/cn";

export type SetupRow = { label: string; value: string };

/** A sales method's saved setup in words with a link to edit it, so tool pages show what they work from. */
export function SetupSummaryCard({
  name,
  path,
  setup,
  emptyText,
  className,
}: {
  /** The method's name as it reads mid-sentence ("online store"). */
  name: string;
  path: string;
  setup: readonly SetupRow[] | null;
  /** What to say when nothing is saved yet. */
  emptyText: string;
  className?: string;
}) {
  return (
    <Card className={cn(className)}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-4">
        <h2 className="text-xl font-semibold">Your {name} setup</h2>
        <ButtonLink to={path} variant={setup ? "outline" : "default"} size="sm">
          <Settings2 aria-hidden="true" /> {setup ? `Edit ${name} setup` : `Set up ${name}`}
        </ButtonLink>
      </CardHeader>
      <CardContent>
        {setup ? (
          <dl className="grid gap-3 sm:grid-cols-[12rem_1fr]">
            {setup.map((row) => (
              <div key={row.label} className="contents">
                <dt className="text-sm font-medium text-muted-foreground">{row.label}</dt>
                <dd className="whitespace-pre-line break-words">{row.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-muted-foreground">{emptyText}</p>
        )}
      </CardContent>
    </Card>
  );
}
