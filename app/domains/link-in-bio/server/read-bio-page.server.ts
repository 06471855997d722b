import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { prepareStatement } from "~/db/prepare-statement.server";
import { coversJson, type StoreRow, storeJson } from "~/domains/catalog/server/store-json.server";
import { isSlugLike, storeProfileOf } from "~/domains/catalog/store-profile";
import type { BioProfile, PublicBioBlock, PublicBioPage } from "~/domains/link-in-bio/bio-page";

/** The live blocks of seller `s`: not hidden, inside their window, products only while published. */
const liveBlocksJson = sql`coalesce((select json_agg(json_build_object(
    'id', b.id, 'kind', b.kind, 'title', b.title, 'url', b.url, 'body', b.body,
    'thumbnail', (select json_build_object('id', c.id, 'width', c.width, 'height', c.height)
      from product_covers c where c.id = b.thumbnail_cover_id),
    'product', (select json_build_object('id', p.id, 'name', p.name, 'slug', p.slug, 'pricing', p.pricing,
        'priceCents', p.price_cents, 'minPriceCents', p.min_price_cents, 'suggestedPriceCents', p.suggested_price_cents,
        'currency', p.currency, 'covers', ${coversJson})
      from products p where p.id = b.product_id and p.status = 'published')
  ) order by b.position, b.created_at, b.id)
  from bio_blocks b
  where b.user_id = s.user_id and not b.hidden
    and (b.show_from is null or b.show_from <= now()) and (b.show_until is null or b.show_until > now())
    and (b.kind <> 'product' or exists (select 1 from products p where p.id = b.product_id and p.status = 'published'))
  ), '[]'::json)`;

type Row = { store: StoreRow; profile: BioProfile; blocks: PublicBioBlock[] };

const byHandle = prepareStatement<{ page: Row | null }>(sql`
  select (select json_build_object('store', ${storeJson},
      'profile', json_build_object('title', g.title, 'bio', g.bio, 'theme', g.theme, 'buttonStyle', g.button_style,
        'socials', g.socials),
      'blocks', ${liveBlocksJson})
    from storefronts s join bio_pages g on g.user_id = s.user_id
    where s.handle = ${sql.placeholder("handle")}) as page
`);

/** The public bio page of store `handle` as it shows now, in one round trip; null without a store or a saved page. */
export async function readBioPage(db: Database, handle: string): Promise<PublicBioPage | null> {
  if (!isSlugLike(handle)) return null;
  const [row] = await byHandle.run(db, { handle });
  if (!row?.page) return null;
  return { store: storeProfileOf(row.page.store), profile: row.page.profile, blocks: row.page.blocks };
}
