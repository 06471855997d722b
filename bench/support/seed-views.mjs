// Seeds page views of one store straight into the view tables with generate_series (no HTTP, no counter): the counts
// (page_view_counts: per 15-minute bucket, page and source) and the visitor hashes (page_view_visitors), shaped like
// the counter writes them. Composable with bench/support/seed-orders.mjs (orders) and any seller: give the seller,
// its product ids and a query function; call `select analytics_rebuild_rollups()` after all seeding so the analytics
// read model (decision 020) holds the rows.
//
//   await seedViews(query, { sellerId, productIds, views: 10_000_000, days: 365, end: "2026-11-24" })
//
// `query(text, params)` runs one statement (a pg client's query, or app-process's "sql" op). Views are spread evenly
// over the `days` UTC days before `end` (exclusive), over the storefront and each product's sales and buy pages, from
// five sources; each day has `visitorsPerDay` distinct visitors (a tenth seen twice, in another bucket). Returns the
// numbers written.

const SOURCES = [
  ["direct", "", "", ""],
  ["google.com", "", "", ""],
  ["news.example", "newsletter", "email", "autumn-sale"],
  ["instagram.com", "instagram", "social", ""],
  ["t.co", "", "", ""],
];

export async function seedViews(
  query,
  { sellerId, productIds, views = 10_000_000, days = 365, end, visitorsPerDay = 8_000 },
) {
  const endDay = end ?? new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  // Pages: the storefront (no product), then each product's sales and buy pages.
  const pages = [
    { kind: "storefront", productId: null },
    ...productIds.flatMap((productId) => [
      { kind: "sales", productId },
      { kind: "buy", productId },
    ]),
  ];
  const rowsPerBucket = pages.length * SOURCES.length;
  const buckets = days * 96;
  const perRow = Math.max(1, Math.floor(views / (buckets * rowsPerBucket)));
  const remainder = views - perRow * buckets * rowsPerBucket;
  const pageJson = JSON.stringify(
    pages.map((page, index) => ({ page_index: index, kind: page.kind, product_id: page.productId })),
  );
  const sourceJson = JSON.stringify(
    SOURCES.map(([source, s, m, c], index) => ({
      source_index: index,
      source,
      utm_source: s,
      utm_medium: m,
      utm_campaign: c,
    })),
  );
  // Every row gets perRow views; the first `remainder` rows (in bucket order) one more, so the total is exact.
  await query(
    `insert into page_view_counts (seller_id, product_id, kind, bucket, source, utm_source, utm_medium, utm_campaign, views)
     select $1, p.product_id, p.kind, ($2::date - $3::int) + make_interval(mins => 15 * b), s.source, s.utm_source, s.utm_medium, s.utm_campaign,
       $4::int + case when (b * $5::int + p.page_index * ${SOURCES.length} + s.source_index) < $6::bigint then 1 else 0 end
     from generate_series(0, $7::int - 1) as b
     cross join json_to_recordset($8::json) as p(page_index int, kind text, product_id uuid)
     cross join json_to_recordset($9::json) as s(source_index int, source text, utm_source text, utm_medium text, utm_campaign text)`,
    [sellerId, endDay, days, perRow, rowsPerBucket, remainder, buckets, pageJson, sourceJson],
  );
  // Visitors: visitor v of day d is one hash (a different one each UTC day, as the daily salt makes them), seen in
  // bucket (v * 37) % 96 of its day on page v % pages; every tenth also 20 buckets later (the same day).
  await query(
    `insert into page_view_visitors (seller_id, product_id, kind, bucket, visitor)
     select $1, p.product_id, p.kind, ($2::date - $3::int + d) + make_interval(mins => 15 * ((v * 37 + extra) % 96)),
       decode(md5($1 || ':' || d || ':' || v), 'hex')
     from generate_series(0, $3::int - 1) as d
     cross join generate_series(1, $4::int) as v
     cross join lateral (select 0 as extra union all select 20 where v % 10 = 0) e
     join json_to_recordset($5::json) as p(page_index int, kind text, product_id uuid) on p.page_index = v % $6::int
     on conflict do nothing`,
    [sellerId, endDay, days, visitorsPerDay, pageJson, pages.length],
  );
  return {
    views,
    visitorRows: Math.round(days * visitorsPerDay * 1.1),
    visitorsPerDay,
    countRows: buckets * rowsPerBucket,
  };
}
