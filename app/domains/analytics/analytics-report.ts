import type { Grain } from "./analytics-range";

// What the analytics page shows, computed by one statement on the server (analytics-query.server.ts).

/** Sales and visits of a period. Revenue is in the store's currency; orders and units count every currency. */
export type Figures = { revenueCents: number; orders: number; units: number; views: number; visitors: number };

/** One point of the chart: a day, a week (from its Monday) or a month, in the creator's time zone. */
export type SeriesPoint = Figures & { start: string };

export type ProductFigures = {
  productId: string | null;
  name: string | null;
  revenueCents: number;
  orders: number;
  units: number;
  views: number;
};

export type SourceFigures = {
  source: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  views: number;
  /** Paid orders from this source, and their net revenue in the store's currency. */
  orders: number;
  revenueCents: number;
};

/** Everything the analytics page shows for one range, computed on the server. */
export type AnalyticsReport = {
  timeZone: string;
  currency: string;
  grain: Grain;
  /** The range's first and last day (included), YYYY-MM-DD in `timeZone`. */
  from: string;
  to: string;
  /** The previous period of the same length, just before. */
  previousFrom: string;
  previousTo: string;
  current: Figures;
  previous: Figures;
  series: SeriesPoint[];
  /** Most revenue first, then most views (at most BREAKDOWN_ROWS). */
  products: ProductFigures[];
  /** Most revenue first, then most views (at most BREAKDOWN_ROWS). */
  sources: SourceFigures[];
};

/** The most rows each breakdown table shows. */
export const BREAKDOWN_ROWS = 50;

export const EMPTY_FIGURES: Figures = { revenueCents: 0, orders: 0, units: 0, views: 0, visitors: 0 };
