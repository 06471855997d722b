import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

// The analytics chart's drawing with uPlot, imported dynamically by the analytics page only; colours come from the
// theme tokens when drawn.

export type ChartInput = {
  labels: string[];
  values: number[];
  seriesLabel: string;
  format: (value: number) => string;
  width: number;
  height: number;
};

/** A drawn chart: move its cursor to a point, take a new width, or free it. */
export type DrawnChart = { point(index: number): void; resize(width: number): void; destroy(): void };

function token(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** Draws one figure's series into `element` with uPlot, in the theme's colours. */
export function drawChart(element: HTMLElement, input: ChartInput): DrawnChart {
  const text = token("--muted-foreground", "#555");
  const grid = token("--border", "#ddd");
  const accent = token("--primary", "#4f46e5");
  const xs = input.values.map((_, index) => index);
  const every = Math.max(1, Math.ceil(input.labels.length / Math.max(2, Math.floor(input.width / 70))));
  const chart = new uPlot(
    {
      width: input.width,
      height: input.height,
      legend: { show: false },
      cursor: { y: false, points: { size: 8, fill: accent } },
      scales: {
        x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        {
          stroke: text,
          grid: { show: false },
          ticks: { stroke: grid },
          splits: () => xs.filter((index) => index % every === 0),
          values: (_u, splits) => splits.map((index) => input.labels[index] ?? ""),
        },
        {
          stroke: text,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          size: 70,
          values: (_u, splits) =>
            splits.map((value) => (Number.isInteger(value) || value > 10 ? input.format(value) : "")),
        },
      ],
      series: [
        {},
        {
          label: input.seriesLabel,
          stroke: accent,
          fill: accent,
          width: 0,
          paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
        },
      ],
    },
    [xs, input.values],
    element,
  );
  return {
    point(index) {
      const value = input.values[index] ?? 0;
      chart.setCursor({ left: chart.valToPos(index, "x"), top: chart.valToPos(value, "y") });
    },
    resize(width) {
      chart.setSize({ width, height: input.height });
    },
    destroy() {
      chart.destroy();
    },
  };
}
