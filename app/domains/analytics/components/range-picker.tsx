import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { type AnalyticsRange, RANGE_PRESETS } from "../analytics-range";

/** The range picker: preset links and a from/to form, so every range is a URL; a refused range keeps its dates. */
export function RangePicker({
  range,
  from,
  to,
  error,
}: {
  range: AnalyticsRange | null;
  /** The dates shown in the custom fields (the range's, or what was typed when it was refused). */
  from: string;
  to: string;
  error?: { field: string; message: string } | null;
}) {
  const errorId = "range-error";
  return (
    <div className="grid gap-4 rounded-lg border bg-card p-4 shadow-sm">
      <nav aria-label="Date range">
        <ul className="flex flex-wrap gap-2">
          {RANGE_PRESETS.map((preset) => {
            const current = range?.preset === preset.id;
            return (
              <li key={preset.id}>
                <Link
                  to={`?range=${preset.id}`}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "inline-flex h-10 items-center rounded-md border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                    current
                      ? "border-primary bg-primary text-primary-foreground"
                      : "bg-background hover:bg-accent hover:text-accent-foreground",
                  )}
                >
                  {preset.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Custom date range">
        <DateField name="from" label="From" value={from} error={error} errorId={errorId} />
        <DateField name="to" label="To" value={to} error={error} errorId={errorId} />
        <Button type="submit" variant={range?.preset === "custom" ? "default" : "outline"}>
          Show these dates
        </Button>
        {error ? (
          <p id={errorId} role="alert" className="basis-full text-sm text-destructive">
            {error.message}
          </p>
        ) : null}
      </Form>
    </div>
  );
}

/** A date field of the custom range, marked invalid (and pointing at the message) when its date was refused. */
function DateField({
  name,
  label,
  value,
  error,
  errorId,
}: {
  name: "from" | "to";
  label: string;
  value: string;
  error?: { field: string; message: string } | null;
  errorId: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`range-${name}`}>{label}</Label>
      <Input
        id={`range-${name}`}
        name={name}
        type="date"
        defaultValue={value}
        required
        className="w-44"
        aria-invalid={error?.field === name || undefined}
        aria-describedby={error ? errorId : undefined}
      />
    </div>
  );
}
