import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { prepareStatement } from "~/db/prepare-statement.server";
import { isSlugLike } from "~/domains/catalog/store-profile";
import { isUuid } from "~/lib/text-formats";

/** Where a live block's click leads: an outside link, or a published product of the store. */
export type BioBlockTarget =
  | { kind: "link"; url: string }
  | { kind: "product"; handle: string; slug: string; physical: boolean };

type Row = { kind: string; url: string; handle: string; slug: string | null; type: string | null };

const follow = prepareStatement<Row>(sql`
  with b as (
    select b.id, b.user_id, b.kind, b.url, s.handle, p.slug, p.type
    from storefronts s
    join bio_blocks b on b.user_id = s.user_id and b.id = ${sql.placeholder("blockId")}::uuid
    left join products p on p.id = b.product_id and p.status = 'published'
    where s.handle = ${sql.placeholder("handle")} and not b.hidden and b.kind in ('link', 'product')
      and (b.show_from is null or b.show_from <= now()) and (b.show_until is null or b.show_until > now())
      and (b.kind = 'link' or p.id is not null)
  ), counted as (
    insert into bio_block_clicks (block_id, seller_id, day, clicks)
    select id, user_id, (now() at time zone 'UTC')::date, 1 from b where ${sql.placeholder("count")}::boolean
    on conflict (block_id, day) do update set clicks = bio_block_clicks.clicks + 1
    returning 1
  )
  select kind, url, handle, slug, type from b
`);

/**
 * The target of a live link or product block of store `handle`, counting the click for the day when `count`; null for
 * unknown, hidden or out-of-window blocks. One round trip.
 */
export async function followBioBlock(
  db: Database,
  handle: string,
  blockId: string,
  count: boolean,
): Promise<BioBlockTarget | null> {
  if (!isSlugLike(handle) || !isUuid(blockId)) return null;
  const [row] = await follow.run(db, { handle, blockId, count });
  if (!row) return null;
  if (row.kind === "link") return { kind: "link", url: row.url };
  return { kind: "product", handle: row.handle, slug: row.slug!, physical: row.type === "physical" };
}
