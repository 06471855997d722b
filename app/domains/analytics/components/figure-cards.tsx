import type { AnalyticsReport } from "../analytics-report";
import { figureText, metrics } from "../analytics-display";

/** The page's six figures, each with its change against the previous period. */
export function FigureCards({ report, previousLabel }: { report: AnalyticsReport; previousLabel: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-6">
      {metrics(report.currency).map((metric) => {
        const { value, change } = figureText(metric, report.current, report.previous);
        const down = change.startsWith("−");
        return (
          <div key={metric.id} className="rounded-lg border bg-card p-4 shadow-sm">
            <dt className="text-sm text-muted-foreground">{metric.label}</dt>
            <dd className="mt-1 text-xl font-bold sm:text-2xl" data-figure={metric.id}>
              {value}
            </dd>
            <dd className="text-xs text-muted-foreground">
              <span className={down ? "text-destructive" : "text-success"}>{change}</span> vs {previousLabel}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
