import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { type MetricId, metrics, pointLabel } from "../analytics-display";
import type { AnalyticsReport } from "../analytics-report";
import type { DrawnChart } from "./chart-canvas";

const CHART_HEIGHT = 260;
const CHARTED: MetricId[] = ["revenue", "orders", "views", "visitors"];

/**
 * The chart of one figure per day, week or month, drawn by uPlot after hydration, keyboard-navigable and mirrored as a
 * table for screen readers.
 */
export function AnalyticsChart({ report }: { report: AnalyticsReport }) {
  const all = metrics(report.currency);
  const [metricId, setMetricId] = useState<MetricId>("revenue");
  const metric = all.find((entry) => entry.id === metricId) ?? all[0]!;
  const [index, setIndex] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [scheme, setScheme] = useState(0);
  const mount = useRef<HTMLDivElement>(null);
  const drawn = useRef<DrawnChart | null>(null);
  const hintId = useId();
  const readoutId = useId();
  const grainWord = report.grain === "day" ? "day" : report.grain === "week" ? "week" : "month";
  const labels = report.series.map((point) => pointLabel(point, report.grain, true));
  const values = report.series.map((point) => metric.value(point));
  const key = `${report.from}|${report.to}|${report.grain}|${metricId}|${values.join(",")}|${scheme}`;

  useEffect(() => {
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const redraw = () => setScheme((value) => value + 1);
    media.addEventListener("change", redraw);
    return () => media.removeEventListener("change", redraw);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names everything drawn; labels and values are derived from it
  useEffect(() => {
    const element = mount.current;
    if (!element) return;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    import("./chart-canvas")
      .then(({ drawChart }) => {
        if (cancelled) return;
        element.replaceChildren();
        drawn.current = drawChart(element, {
          labels,
          values,
          seriesLabel: metric.label,
          format: metric.format,
          width: element.clientWidth || 600,
          height: CHART_HEIGHT,
        });
        observer = new ResizeObserver(() => drawn.current?.resize(element.clientWidth));
        observer.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      drawn.current?.destroy();
      drawn.current = null;
    };
  }, [key]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = values.length - 1;
    if (last < 0) return;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(last, (index ?? -1) + 1),
      ArrowLeft: Math.max(0, (index ?? last + 1) - 1),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setIndex(next);
    drawn.current?.point(next);
  }

  const point = index === null ? null : report.series[index];
  return (
    <div className="grid gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Figure shown in the chart</legend>
        {all
          .filter((entry) => CHARTED.includes(entry.id))
          .map((entry) => (
            <button
              key={entry.id}
              type="button"
              aria-pressed={entry.id === metricId}
              onClick={() => setMetricId(entry.id)}
              className={cn(
                "h-9 rounded-md border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                entry.id === metricId
                  ? "border-primary bg-primary text-primary-foreground"
                  : "bg-background hover:bg-accent hover:text-accent-foreground",
              )}
            >
              {entry.label}
            </button>
          ))}
      </fieldset>
      {/* The chart is read like a slider over its points: the arrow keys, Home and End move; each point is
         announced. */}
      <div
        role="slider"
        tabIndex={0}
        aria-label={`${metric.label} per ${grainWord}`}
        aria-describedby={hintId}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, values.length - 1)}
        aria-valuenow={index ?? 0}
        aria-valuetext={
          point ? `${pointLabel(point, report.grain)}: ${metric.format(metric.value(point))}` : "No point chosen yet"
        }
        onKeyDown={onKeyDown}
        className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
      >
        <div ref={mount} aria-hidden="true" className="min-h-[260px] w-full overflow-hidden" />
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {failed
          ? "The chart could not be drawn; the figures are in the tables below."
          : `Focus the chart and use the arrow keys to read each ${grainWord}.`}
      </p>
      <p id={readoutId} aria-hidden="true" className="min-h-5 text-sm font-medium">
        {point ? `${pointLabel(point, report.grain)}: ${metric.format(metric.value(point))}` : ""}
      </p>
      {/* A table ignores a 1-pixel width: its wrapper is the visually hidden box. */}
      <div className="sr-only">
        <table>
          <caption>
            Figures per {grainWord}, {report.timeZone}
          </caption>
          <thead>
            <tr>
              <th scope="col">{grainWord === "day" ? "Day" : grainWord === "week" ? "Week" : "Month"}</th>
              {all
                .filter((entry) => entry.id !== "conversion")
                .map((entry) => (
                  <th key={entry.id} scope="col">
                    {entry.label}
                  </th>
                ))}
            </tr>
          </thead>
          <tbody>
            {report.series.map((row) => (
              <tr key={row.start}>
                <th scope="row">{pointLabel(row, report.grain)}</th>
                {all
                  .filter((entry) => entry.id !== "conversion")
                  .map((entry) => (
                    <td key={entry.id}>{entry.format(entry.value(row))}</td>
                  ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
