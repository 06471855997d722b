import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Logger } from "~/server/logger.server";
import { products, storefronts } from "~/features/catalog/schema.server";
import { salesMethods } from "~/features/sales-methods/schema.server";
import {
  bucketOf,
  utcDay,
  type ViewedPage,
  viewedPageKey,
  type ViewKind,
  type ViewSource,
} from "../content/view-rules";
import { pageViewCounts, pageViewVisitors } from "../schema.server";
import { capViewSources } from "./cap-view-sources.server";
import { foldViews } from "./fold-views.server";
import { createViewSalts } from "./view-salts.server";
import { visitorHash } from "./visitor-hash.server";

// Counts views in memory and writes them in batches, so counting never slows or fails a page.

/** A flush starts at once when this many views wait. */
export const FLUSH_AT_VIEWS = 5000;
/** Pages × buckets kept while the database is down; later views are dropped and logged. */
export const MAX_PENDING_PAGES = 50_000;
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
  let pending = new Map<string, Pending>();
  let waiting = 0;
  let dropped = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;
  let closed = false;
  let saltsKeptFrom = "";

  function add(key: string, entry: Pending, sourceKey: string, views: number, visitors: Iterable<string>) {
    let into = pending.get(key);
    if (!into) {
      if (pending.size >= MAX_PENDING_PAGES) {
        dropped += views;
        return;
      }
      into = { page: entry.page, bucket: entry.bucket, sources: new Map(), visitors: new Set() };
      pending.set(key, into);
    }
    into.sources.set(sourceKey, (into.sources.get(sourceKey) ?? 0) + views);
    for (const visitor of visitors) if (into.visitors.size < MAX_PENDING_VISITORS) into.visitors.add(visitor);
    waiting += views;
  }

  function tick() {
    if (running || waiting === 0) return;
    flush().catch((error) =>
      logger.warn({ err: error, pendingViews: waiting }, "page views not written yet: retried at the next flush"),
    );
  }

  /** Deletes earlier days' salts daily, once no view of theirs waits. */
  async function forgetEarlierSalts(batch: Map<string, Pending>) {
    const today = utcDay(Date.now());
    if (saltsKeptFrom === today) return;
    for (const entry of [...batch.values(), ...pending.values()]) if (utcDay(entry.bucket) < today) return;
    try {
      await salts.forgetBefore(today);
      saltsKeptFrom = today;
    } catch (error) {
      logger.warn({ err: error }, "earlier days' view salts not deleted yet: retried at the next flush");
    }
  }

  function flush(): Promise<void> {
    if (running) return running.then(() => (waiting > 0 ? flush() : undefined));
    if (waiting === 0) return Promise.resolve();
    const batch = pending;
    const views = waiting;
    pending = new Map();
    waiting = 0;
    if (dropped > 0) {
      logger.warn({ dropped }, "page views dropped: the database did not answer for too long");
      dropped = 0;
    }
    running = write(db, salts, batch)
      .catch((error: unknown) => {
        for (const [key, entry] of batch)
          for (const [sourceKey, count] of entry.sources) add(key, entry, sourceKey, count, entry.visitors);
        throw error;
      })
      .then(() => forgetEarlierSalts(batch))
      .finally(() => {
        running = null;
      });
    logger.debug({ views }, "writing page views");
    return running;
  }

  return {
    record(page, time, source, ip, userAgent) {
      if (closed) return;
      const bucket = bucketOf(time);
      const key = `${viewedPageKey(page)}\n${bucket}`;
      add(key, { page, bucket, sources: new Map(), visitors: new Set() }, sourceKey(source), 1, [
        `${ip}\0${userAgent}`,
      ]);
      if (!timer) {
        timer = setInterval(tick, flushMs);
        timer.unref();
      }
      if (waiting >= FLUSH_AT_VIEWS) tick();
    },
    flush,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      for (let attempt = 1; ; attempt++) {
        try {
          await flush();
          return;
        } catch (error) {
          if (attempt >= 3) {
            logger.error({ err: error, lostViews: waiting }, "page views could not be written at shutdown");
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    },
    pendingViews: () => waiting,
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
