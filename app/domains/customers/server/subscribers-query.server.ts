import { sql } from "drizzle-orm";
import { jsonObject, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { CUSTOMERS_PAGE_SIZE, type SubscriberListItem } from "~/domains/customers/customer-display";
import { isTimestamp, isUuid } from "~/lib/text-formats";

/** Where a page of the subscribers list starts: after the previous page's last sign-up, by time then id. */
export type SubscribersCursor = { consentedAt: string; id: string };

/** The `after` parameter ("<consented at>~<id>") as a cursor; null when absent or not one. */
export function parseSubscribersCursor(value: string | null): SubscribersCursor | null {
  if (!value) return null;
  const at = value.indexOf("~");
  const consentedAt = value.slice(0, at);
  const id = value.slice(at + 1);
  return at > 0 && isTimestamp(consentedAt) && isUuid(id) ? { consentedAt, id } : null;
}

/** The `after` parameter that continues the subscribers list after `subscriber`. */
export function subscribersCursorParam(subscriber: SubscriberListItem): string {
  return `${subscriber.consentedAt}~${subscriber.id}`;
}

/**
 * One page of the signed-in seller's confirmed subscribers, newest first, plus one row telling whether more follow,
 * and how many sign-ups still wait for their confirmation.
 */
export function sellerSubscribersQuery(
  after: SubscribersCursor | null,
): PageQuery<{ subscribers: SubscriberListItem[]; more: boolean; pending: number }> {
  const json = jsonObject({
    pending: sql<number>`(
      select count(*)::int from subscriber_confirmations c where c.seller_id = me.user_id and c.expires_at > now()
    )`,
    rows: sql<SubscriberListItem[]>`(
      select coalesce(json_agg(row_to_json(page)), '[]'::json) from (
        select s.id, s.email, s.source, s.consent_text as "consentText", s.consented_at as "consentedAt",
          s.unsubscribed_at as "unsubscribedAt"
        from customer_subscribers s
        where s.seller_id = me.user_id
          and ${after ? sql`(s.consented_at, s.id) < (${after.consentedAt}::timestamptz, ${after.id}::uuid)` : sql`true`}
        order by s.consented_at desc, s.id desc
        limit ${CUSTOMERS_PAGE_SIZE + 1}
      ) page
    )`,
  });
  return pagePart(json, ({ rows, pending }) => ({
    subscribers: rows.slice(0, CUSTOMERS_PAGE_SIZE),
    more: rows.length > CUSTOMERS_PAGE_SIZE,
    pending: Number(pending),
  }));
}
