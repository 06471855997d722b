/** The dashboard's stat cards: figures computed on the server, formatted here. */
export const STATS_WINDOW_DAYS = 30;

/** A figure and its change: the last STATS_WINDOW_DAYS days against the window before. */
export type StatFigure = { total: number; recent: number; previous: number };

export type DashboardStats = {
  currency: string;
  totalSalesCents: StatFigure;
  orders: StatFigure;
  products: StatFigure;
  customers: StatFigure;
};

/** '+0%' when nothing changed, '+100%' from nothing to something, else the rounded change. */
export function percentChange({ recent, previous }: Pick<StatFigure, "recent" | "previous">): string {
  if (previous === 0) return recent > 0 ? "+100%" : "+0%";
  const change = Math.round(((recent - previous) / previous) * 100);
  return `${change >= 0 ? "+" : ""}${change}%`;
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat("en-US").format(value);
}

export const EMPTY_FIGURE: StatFigure = { total: 0, recent: 0, previous: 0 };
