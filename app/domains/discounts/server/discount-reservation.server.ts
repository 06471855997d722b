import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type DiscountTerms, discountAmount } from "~/domains/discounts/discount-amount";
import { fail, type Failure } from "~/lib/errors";

/** How long a checkout's reservation holds one use of a limited code; after it, only a payment counts. */
export const DISCOUNT_RESERVATION_MINUTES = 5;
/** How many uses of one code one client IP may hold in open reservations at once. */
export const DISCOUNT_RESERVATIONS_PER_CLIENT = 2;

export type ReservedDiscount = {
  ok: true;
  discountCodeId: string;
  code: string;
  discountCents: number;
  /** What the code takes off, so a caller can split it across its own figures. */
  terms: DiscountTerms;
};

/** Why a discount code does not apply to a checkout. */
export type DiscountCodeFailure =
  | "DISCOUNT_CODE_INVALID"
  | "DISCOUNT_CODE_EXPIRED"
  | "DISCOUNT_CODE_NOT_STARTED"
  | "DISCOUNT_CODE_USED_UP"
  | "DISCOUNT_CODE_NOT_APPLICABLE"
  | "DISCOUNT_CODE_MIN_AMOUNT"
  | "DISCOUNT_CODE_HELD";

type ReserveInput = {
  sellerId: string;
  /** The order's products: a code for selected products applies only when it names every one. */
  productIds: string[];
  /** As the buyer typed it; matched trimmed and case-insensitively. */
  code: string;
  subtotalCents: number;
  currency: string;
  /** The order the reservation is for, created in the same transaction. */
  orderId: string;
  /** The client's IP address for the per-client cap; no cap when unknown. */
  clientIp?: string;
  now?: Date;
};

type CodeRow = {
  id: string;
  code: string;
  kind: "percent" | "fixed";
  percent_off: number | null;
  amount_off_cents: number | null;
  currency: string | null;
  applies_to: "all" | "selected";
  starts_at: string | null;
  ends_at: string | null;
  max_redemptions: number | null;
  min_amount_cents: number | null;
  applies_to_product: boolean;
};

type Held = { mine: number; id: string | null };

/**
 * Checks a code against a checkout and reserves one use under a row lock, returning the server-computed amount off or
 * why it does not apply.
 */
export async function reserveDiscount(
  db: Database,
  input: ReserveInput,
): Promise<ReservedDiscount | Failure<DiscountCodeFailure>> {
  const code = input.code.trim();
  if (!code || code.length > 64) return fail("DISCOUNT_CODE_INVALID");
  const now = input.now ?? new Date();
  const found = await db.execute<CodeRow>(sql`
    select d.id, d.code, d.kind, d.percent_off, d.amount_off_cents, d.currency, d.applies_to, d.starts_at, d.ends_at,
      d.max_redemptions, d.min_amount_cents,
      (d.applies_to = 'all' or not exists (
        select 1 from unnest(${`{${input.productIds.join(",")}}`}::uuid[]) as wanted(id)
        where not exists (select 1 from discount_code_products p where p.discount_code_id = d.id
          and p.product_id = wanted.id)
      )) as applies_to_product
    from discount_codes d
    where d.user_id = ${input.sellerId} and lower(d.code) = lower(${code}) and d.archived_at is null`);
  const row = found.rows[0];
  if (!row) return fail("DISCOUNT_CODE_INVALID");
  if (row.starts_at && new Date(row.starts_at) > now) return fail("DISCOUNT_CODE_NOT_STARTED");
  if (row.ends_at && new Date(row.ends_at) <= now) return fail("DISCOUNT_CODE_EXPIRED");
  if (!row.applies_to_product) return fail("DISCOUNT_CODE_NOT_APPLICABLE");
  if (row.kind === "fixed" && row.currency && row.currency !== input.currency)
    return fail("DISCOUNT_CODE_NOT_APPLICABLE");
  if (row.min_amount_cents !== null && input.subtotalCents < row.min_amount_cents)
    return fail("DISCOUNT_CODE_MIN_AMOUNT");
  const terms: DiscountTerms =
    row.kind === "percent"
      ? { kind: "percent", percentOff: row.percent_off ?? 0 }
      : { kind: "fixed", amountOffCents: row.amount_off_cents ?? 0 };
  // Locked in its own statement first, so the count below sees every earlier committed checkout.
  await db.execute(sql`select id from discount_codes where id = ${row.id}::uuid for update`);
  const clientKey = input.clientIp ? `ip:${input.clientIp}` : null;
  const held = await db.execute<Held>(sql`
    with counts as (
      select d.redemptions_count as paid, d.max_redemptions as max,
        (select count(*) from discount_redemptions r
          where r.discount_code_id = d.id and r.status = 'reserved' and r.reserved_until > now())::int as active,
        (select count(*) from discount_redemptions r
          where r.discount_code_id = d.id and r.status = 'reserved' and r.reserved_until > now()
            and r.client_key = ${clientKey})::int as mine
      from discount_codes d where d.id = ${row.id}::uuid
    ), reserved as (
      insert into discount_redemptions (discount_code_id, order_id, status, reserved_until, client_key)
      select ${row.id}::uuid, ${input.orderId}::uuid, 'reserved',
        now() + make_interval(mins => ${DISCOUNT_RESERVATION_MINUTES}), ${clientKey}
      from counts
      where (counts.max is null or counts.paid + counts.active < counts.max)
        and counts.mine < ${DISCOUNT_RESERVATIONS_PER_CLIENT}
      returning id
    )
    select counts.*, (select id from reserved) as id from counts`);
  const outcome = held.rows[0];
  if (!outcome?.id) {
    if (outcome && outcome.mine >= DISCOUNT_RESERVATIONS_PER_CLIENT) return fail("DISCOUNT_CODE_HELD");
    return fail("DISCOUNT_CODE_USED_UP");
  }
  return {
    ok: true,
    discountCodeId: row.id,
    code: row.code,
    discountCents: discountAmount(input.subtotalCents, terms),
    terms,
  };
}

/** Releases an unpaid expired checkout's reservation, if any; paid uses are unchanged. */
export async function releaseDiscount(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`
    update discount_redemptions set status = 'released', client_key = null, updated_at = now()
    where order_id = ${orderId}::uuid and status = 'reserved'`);
}
