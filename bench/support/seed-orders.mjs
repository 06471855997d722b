// A store of ORDERS orders for the orders and export budgets (bench/orders.mjs, bench/export.mjs; engineer A's analytics
// bench seeds its views next to it): one seller, four products, about `buyers` distinct buyer emails (every
// seventh order types its email in upper case), spread over the last two years with more orders lately; statuses
// as a store has them — 0.5% pending, 1.5% expired, 1% disputed, 3% refunded, 8% partly refunded, the rest paid —
// and one order in eight with a 10% discount code. All in SQL with generate_series (about 30 s for a million rows
// here), then `customer_totals` as the app keeps it and ANALYZE. Deterministic: the same store every run.
//
//   const app = await startAppProcess({ DATA_DIR });  await seedOrders(app.request, { sellerId, orders: 1_000_000 });

/** The products of the seeded store: name, price in cents. */
export const SEEDED_PRODUCTS = [
  ["Planner Kit 2027", 1250],
  ["Watercolour Brushes", 900],
  ["Recipe Cards", 450],
  ["Field Guide", 2000],
];

/** The seeded buyer emails: buyer<n>@bench.test for n in [0, buyers). */
export const seededBuyerEmail = (n) => `buyer${n}@bench.test`;

/**
 * Seeds the orders through `request` (an app process's `request`: its "sql" op runs a statement). Returns the
 * figures of the store, for the caller's checks.
 */
export async function seedOrders(
  request,
  { sellerId, orders = 1_000_000, buyers = Math.max(1, Math.floor(orders / 10)) },
) {
  if (SEEDED_PRODUCTS.length !== 4) throw new Error("the seed picks one of four products");
  const started = performance.now();
  const products = [];
  for (const [index, [name, price]] of SEEDED_PRODUCTS.entries()) {
    const [product] = await request("sql", {
      text: `insert into products (user_id, name, slug, type, pricing, price_cents, currency, status, published_at)
             values ($1, $2, $3, 'template', 'fixed', $4, 'USD', 'published', now()) returning id`,
      params: [sellerId, name, `bench-product-${index}`, price],
    });
    products.push(product.id);
  }
  // h: a well-mixed number per order (Knuth's multiplicative hash) picks its status, product, discount and buyer.
  await request("sql", {
    text: `
      with src as materialized (
        select gen_random_uuid() as id, p.id as product_id, p.name as product_name, p.price, d.discount, d.amount, s.*
      from (
          select i,
            case when h % 1000 < 5 then 'pending' when h % 1000 < 20 then 'expired' when h % 1000 < 30 then 'disputed'
                 when h % 1000 < 60 then 'refunded' else 'paid' end as status,
            h % 1000 between 60 and 139 as partly,
            (h / 1000) % 8 = 0 as discounted,
            (h / 8000) % 4 + 1 as product_no,
            case when i % 7 = 0 then upper('buyer' || ((h / 32000) % $3) || '@bench.test') else 'buyer' || ((h / 32000) % $3) || '@bench.test' end as email,
            -- More orders lately: the age grows with the square root of the position (i = 1: now, i = N: two years ago).
            now() - make_interval(secs => sqrt(i::float8 / $2) * 63072000 + (h % 600)) as created_at
          from (select i, (i::bigint * 2654435761) % 4294967296 as h from generate_series(1, $2::int) as i) g
        ) s
        join (select id, name, price_cents as price, row_number() over (order by slug) as n from products where user_id = $1) p on p.n = s.product_no
        cross join lateral (select case when s.discounted then p.price / 10 else 0 end as discount, p.price - case when s.discounted then p.price / 10 else 0 end as amount) d
      ), placed as (
      insert into orders (id, user_id, store_name, customer_email, status, subtotal_cents, discount_cents,
          amount_cents, platform_fee_cents, refunded_cents, currency, discount_code, provider, provider_checkout_id, created_at, paid_at,
          refunded_at, disputed_at, updated_at)
        select s.id, $1, 'Bench Atelier', s.email, s.status, s.price, s.discount, s.amount, (s.amount * 8) / 100,
          case when s.status = 'refunded' then s.amount when s.partly then s.amount / 4 else 0 end,
          'USD', case when s.discount > 0 then 'SAVE10' end, 'test', 'bench_' || s.i, s.created_at,
          case when s.status in ('paid', 'refunded', 'disputed') then s.created_at + interval '1 minute' end,
          case when s.status = 'refunded' then s.created_at + interval '3 days' end,
          case when s.status = 'disputed' then s.created_at + interval '9 days' end,
          s.created_at
        from src s
      )
      insert into order_lines (order_id, product_id, product_name, unit_price_cents, subtotal_cents, discount_cents)
      select id, product_id, product_name, price, price, discount from src`,
    params: [sellerId, orders, buyers],
  });
  const seededAt = performance.now();
  await seedReadModels(request, sellerId);
  await request("sql", { text: "analyze orders", params: [] });
  await request("sql", { text: "analyze customer_totals", params: [] });
  const [figures] = await request("sql", {
    text: `select count(*)::int as orders, count(distinct lower(customer_email))::int as buyers,
             (select count(*)::int from customer_totals where user_id = $1) as customers
           from orders where user_id = $1`,
    params: [sellerId],
  });
  return {
    ...figures,
    products,
    ordersSeconds: (seededAt - started) / 1000,
    totalSeconds: (performance.now() - started) / 1000,
  };
}

/**
 * What the order state machine keeps in the transaction of each change, for orders written directly by a seed:
 * `customer_totals` as refresh-customer-totals.server.ts keeps it, and the analytics read model rebuilt
 * (`analytics_rebuild_rollups()`, as migrations 0013 and 0014 do).
 */
export async function seedReadModels(request, sellerId) {
  await request("sql", {
    text: `insert into customer_totals (user_id, email, first_paid_at, last_paid_at, orders, spent_cents, spent)
           select per.user_id, per.email, min(per.first_paid_at), max(per.last_paid_at), sum(per.orders)::int, sum(per.spent)::bigint,
             jsonb_object_agg(per.currency, per.spent)
           from (
             select user_id, lower(customer_email) as email, currency, min(paid_at) as first_paid_at, max(paid_at) as last_paid_at,
               count(*) as orders, sum(amount_cents - refunded_cents)::bigint as spent
             from orders where user_id = $1 and paid_at is not null and status in ('paid', 'refunded')
             group by user_id, lower(customer_email), currency
           ) per
           group by per.user_id, per.email`,
    params: [sellerId],
  });
  await request("sql", { text: "select analytics_rebuild_rollups()", params: [] });
}
