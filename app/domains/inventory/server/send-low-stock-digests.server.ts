import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { variantItemsSql } from "~/domains/catalog/server/variant-sql.server";
import { itemName, STORE_MANAGEMENT_PATH } from "~/domains/inventory/inventory-display";
import type { Logger } from "~/server/logger.server";
import { mailLayout } from "~/server/mail/mail-layout.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { runEvery } from "~/server/tasks/run-every.server";

type Services = { db: Database; mailer: Mailer; logger: Logger; env: { APP_URL: string } };

/** The most items one digest lists; the page shows them all. */
const DIGEST_ITEMS_LISTED = 50;

type LowItem = { productName: string; variantTitle: string; sku: string | null; available: number; threshold: number };
type Due = { user_id: string; email: string; day: string; items: LowItem[]; total: number };

/**
 * Mails each seller's low items once per local day: the digest row and the mail commit together, so racing runs send
 * once.
 */
export async function sendLowStockDigests(services: Services): Promise<number> {
  const { db, mailer, env } = services;
  const due = await db.execute<Due>(sql`
    with zones as (select name from pg_timezone_names),
    low as (
      select v.user_id, v.product_name, v.title, v.sku, v.low_stock_threshold as threshold, v.id,
        coalesce((select sum(l.on_hand - l.reserved) from stock_levels l
          join stock_locations sl on sl.id = l.location_id and sl.archived_at is null
          where l.variant_id = v.id), 0)::int as available
      from (${variantItemsSql(null)}) v
      where v.low_stock_threshold is not null and v.archived_at is null and v.product_status <> 'archived'
    ),
    sellers as (
      select low.user_id, count(*)::int as total,
        json_agg(json_build_object('productName', product_name, 'variantTitle', title, 'sku', sku,
          'available', available, 'threshold', threshold) order by available - threshold, product_name, id) as items
      from low where available <= threshold group by low.user_id
    )
    select s.user_id, u.email, s.total, s.items,
      to_char((now() at time zone coalesce(z.name, 'UTC'))::date, 'YYYY-MM-DD') as day
    from sellers s join "user" u on u.id = s.user_id
    left join profiles pr on pr.user_id = s.user_id
    left join zones z on z.name = pr.time_zone
    where not exists (select 1 from low_stock_digests d where d.user_id = s.user_id
      and d.day = (now() at time zone coalesce(z.name, 'UTC'))::date)`);
  let sent = 0;
  for (const seller of due.rows) {
    const mailed = await db.transaction(async (tx) => {
      const claimed = await tx.execute(sql`
        insert into low_stock_digests (user_id, day, items) values (${seller.user_id}, ${seller.day}::date,
          ${seller.total})
        on conflict do nothing returning 1`);
      if (!claimed.rows.length) return false;
      const url = `${env.APP_URL}${STORE_MANAGEMENT_PATH}?low=1`;
      const listed = seller.items.slice(0, DIGEST_ITEMS_LISTED);
      const more = seller.total - listed.length;
      await mailer.send(
        mailLayout({
          to: seller.email,
          subject: `Low stock: ${seller.total} ${seller.total === 1 ? "item is" : "items are"} at or below the alert level`,
          sections: [
            [`These items are at or below the low-stock level you set (stock available across your open locations):`],
            [
              {
                details: listed.map((item) => [
                  `${itemName(item.productName, item.variantTitle)}${item.sku ? ` (${item.sku})` : ""}`,
                  `${item.available} available, alert at ${item.threshold}`,
                ]),
              },
              ...(more > 0 ? [`And ${more} more.`] : []),
            ],
            [{ button: "Open Store Management", url }],
          ],
          footer: "You get this email at most once a day, only when something is low.",
        }),
        { tx },
      );
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}

/** Runs the digest every `intervalMs`, one run at a time; returns its stop function. */
export function startLowStockDigests(services: Services, intervalMs = 15 * 60_000): () => Promise<void> {
  return runEvery(() => sendLowStockDigests(services), intervalMs, services.logger, "low-stock digest run failed");
}
