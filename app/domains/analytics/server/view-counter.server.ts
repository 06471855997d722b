import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import { createBatchedCounter } from "~/server/batched-counter.server";
import type { Logger } from "~/server/logger.server";
import { products, storefronts } from "~/domains/catalog/tables.server";
import { salesMethods } from "~/domains/sales-methods/tables.server";
import {
  bucketOf,
  utcDay,
  type ViewedPage,
  viewedPageKey,
  type ViewKind,
  type ViewSource,
} from "../content/view-rules";
import { pageViewCounts, pageViewVisitors } from "../tables.server";
import { capViewSources } from "./cap-view-sources.server";
import { foldViews } from "./fold-views.server";
import { createViewSalts } from "./view-salts.server";
import { visitorHash } from "./visitor-hash.server";

/** Distinct visitors kept per page and bucket while waiting; more still count as views. */
const MAX_PENDING_VISITORS = 10_000;
const CHUNK = 500;

type Pending = {
  page: ViewedPage;
  bucket: number;
  /** Views by source key: source and utm values joined with tabs. */
  sources: Map<string, number>;
  /** Visitors seen as `ip \0 user agent`, hashed with the day's salt when written. */
  visitors: Set<string>;
};

export type ViewCounter = {
  /** Counts one view after its page answered; never throws, never waits. */
  record(page: ViewedPage, time: number, source: ViewSource, ip: string, userAgent: string): void;
  /** Writes the waiting views; on refusal they stay queued and it rejects. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left, for graceful shutdown. */
  close(): Promise<void>;
  /** Views recorded and not yet written. */
  pendingViews(): number;
};

/** The page-view counter of this instance: views batched in memory, so counting never slows or fails a page. */
export function createViewCounter({
  db,
  logger,
  flushMs = 1000,
}: {
  db: Database;
  logger: Logger;
  flushMs?: number;
}): ViewCounter {
  const salts = createViewSalts(db);
  let saltsKeptFrom = "";

  /** Deletes earlier days' salts daily, once no view of theirs waits. */
  async function forgetEarlierSalts(batch: Map<string, Pending>) {
    const today = utcDay(Date.now());
    if (saltsKeptFrom === today) return;
    for (const entry of [...batch.values(), ...counter.waitingEntries()]) if (utcDay(entry.bucket) < today) return;
    try {
      await salts.forgetBefore(today);
      saltsKeptFrom = today;
    } catch (error) {
      logger.warn({ err: error }, "earlier days' view salts not deleted yet: retried at the next flush");
    }
  }

  const counter = createBatchedCounter<Pending>(
    {
      noun: "page views",
      unit: "Views",
      countOf: (entry) => {
        let views = 0;
        for (const count of entry.sources.values()) views += count;
        return views;
      },
      merge(into, from) {
        for (const [key, views] of from.sources) into.sources.set(key, (into.sources.get(key) ?? 0) + views);
        for (const visitor of from.visitors) if (into.visitors.size < MAX_PENDING_VISITORS) into.visitors.add(visitor);
        return into;
      },
      async write(batch) {
        await write(db, salts, batch);
        await forgetEarlierSalts(batch);
      },
    },
    { logger, flushMs },
  );

  return {
    record(page, time, source, ip, userAgent) {
      const bucket = bucketOf(time);
      counter.add(`${viewedPageKey(page)}\n${bucket}`, {
        page,
        bucket,
        sources: new Map([[sourceKey(source), 1]]),
        visitors: new Set([`${ip}\0${userAgent}`]),
      });
    },
    flush: counter.flush,
    close: counter.close,
    pendingViews: counter.pending,
  };
}

function sourceKey(source: ViewSource): string {
  return `${source.source}\t${source.utmSource}\t${source.utmMedium}\t${source.utmCampaign}`;
}

type Seller = { sellerId: string; productId: string | null };

/** Published products only: a draft's views are its owner's previews. */
async function resolvePages(db: Database, batch: Iterable<Pending>): Promise<(page: ViewedPage) => Seller | undefined> {
  const handles = new Set<string>();
  const slugs = new Set<string>();
  const buyPageIds = new Set<string>();
  for (const { page } of batch) {
    if ("buyPageId" in page) buyPageIds.add(page.buyPageId);
    else {
      handles.add(page.handle);
      if (page.kind !== "storefront" && page.kind !== "bio") slugs.add(page.slug);
    }
  }
  const stores = new Map<string, string>();
  const productsBySlug = new Map<string, string>();
  const buyPages = new Map<string, string>();
  if (handles.size > 0) {
    const rows = await db
      .select({ handle: storefronts.handle, userId: storefronts.userId })
      .from(storefronts)
      .where(inArray(storefronts.handle, [...handles]));
    for (const row of rows) stores.set(row.handle, row.userId);
  }
  if (slugs.size > 0 && stores.size > 0) {
    const rows = await db
      .select({ userId: products.userId, slug: products.slug, id: products.id })
      .from(products)
      .where(
        and(
          inArray(products.userId, [...new Set(stores.values())]),
          inArray(products.slug, [...slugs]),
          eq(products.status, "published"),
        ),
      );
    for (const row of rows) productsBySlug.set(`${row.userId}\t${row.slug}`, row.id);
  }
  if (buyPageIds.size > 0) {
    const rows = await db
      .select({ id: salesMethods.id, userId: salesMethods.userId })
      .from(salesMethods)
      .where(and(inArray(salesMethods.id, [...buyPageIds]), eq(salesMethods.method, "existing_website")));
    for (const row of rows) buyPages.set(row.id, row.userId);
  }
  return (page) => {
    if ("buyPageId" in page) {
      const sellerId = buyPages.get(page.buyPageId);
      return sellerId ? { sellerId, productId: null } : undefined;
    }
    const sellerId = stores.get(page.handle);
    if (!sellerId) return undefined;
    if (page.kind === "storefront" || page.kind === "bio") return { sellerId, productId: null };
    const productId = productsBySlug.get(`${sellerId}\t${page.slug}`);
    return productId ? { sellerId, productId } : undefined;
  };
}

async function write(db: Database, salts: ReturnType<typeof createViewSalts>, batch: Map<string, Pending>) {
  const entries = [...batch.values()];
  const resolve = await resolvePages(db, entries);
  const counts = new Map<string, typeof pageViewCounts.$inferInsert>();
  const visitors: (typeof pageViewVisitors.$inferInsert)[] = [];
  for (const entry of entries) {
    const seller = resolve(entry.page);
    if (!seller) continue;
    const kind: ViewKind = entry.page.kind;
    const bucket = new Date(entry.bucket);
    for (const [key, views] of entry.sources) {
      const [source = "direct", utmSource = "", utmMedium = "", utmCampaign = ""] = key.split("\t");
      const row = `${seller.sellerId}\t${seller.productId}\t${kind}\t${entry.bucket}\t${key}`;
      const same = counts.get(row);
      if (same) same.views += views;
      else counts.set(row, { ...seller, kind, bucket, source, utmSource, utmMedium, utmCampaign, views });
    }
    const salt = await salts.saltOf(utcDay(entry.bucket));
    for (const visitor of entry.visitors) {
      const [ip = "", userAgent = ""] = visitor.split("\0");
      visitors.push({ ...seller, kind, bucket, visitor: visitorHash(salt, seller.sellerId, ip, userAgent) });
    }
  }
  if (counts.size === 0) return;
  await inTransaction(db, async (tx) => {
    const countRows = await capViewSources(tx, [...counts.values()]);
    for (let i = 0; i < countRows.length; i += CHUNK) {
      await tx
        .insert(pageViewCounts)
        .values(countRows.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: [
            pageViewCounts.sellerId,
            pageViewCounts.bucket,
            pageViewCounts.kind,
            pageViewCounts.productId,
            pageViewCounts.source,
            pageViewCounts.utmSource,
            pageViewCounts.utmMedium,
            pageViewCounts.utmCampaign,
          ],
          set: { views: sql`${pageViewCounts.views} + excluded.views` },
        });
    }
    for (let i = 0; i < visitors.length; i += CHUNK) {
      await tx
        .insert(pageViewVisitors)
        .values(visitors.slice(i, i + CHUNK))
        .onConflictDoNothing();
    }
    await foldViews(tx, countRows, visitors);
  });
}
