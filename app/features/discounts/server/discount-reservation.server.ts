import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type DiscountTerms, discountAmount } from "~/features/discounts/discount-amount";
import { fail, type Failure } from "~/lib/errors";

export type ReservedDiscount = { ok: true; discountCodeId: string; code: string; discountCents: number };

/** Why a discount code does not apply to a checkout. */
export type DiscountCodeFailure =
  | "DISCOUNT_CODE_INVALID"
  | "DISCOUNT_CODE_EXPIRED"
  | "DISCOUNT_CODE_NOT_STARTED"
  | "DISCOUNT_CODE_USED_UP"
  | "DISCOUNT_CODE_NOT_APPLICABLE"
  | "DISCOUNT_CODE_MIN_AMOUNT";

type ReserveInput = {
  sellerId: string;
  productId: string;
  /** As the buyer typed it (matched case-insensitively, trimmed). */
  code: string;
  subtotalCents: number;
  currency: string;
  /** The order the reservation is for (created in the same transaction). */
  orderId: string;
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

/**
 * Checks a discount code against a checkout and reserves one redemption for `orderId`, atomically: the count is
 * raised by one conditional UPDATE that succeeds only while it is below the maximum (the row lock serialises
 * concurrent checkouts, so 100 checkouts against a 10-use code reserve exactly 10). Must run in the transaction
 * that creates the order. Returns the amount off (computed here, on the server) or why the code does not apply.
 */
export async function reserveDiscount(db: Database, input: ReserveInput): Promise<ReservedDiscount | Failure<DiscountCodeFailure>> {
  const code = input.code.trim();
  if (!code || code.length > 64) return fail("DISCOUNT_CODE_INVALID");
  const now = input.now ?? new Date();
  const found = await db.execute(sql`
    select d.id, d.code, d.kind, d.percent_off, d.amount_off_cents, d.currency, d.applies_to, d.starts_at, d.ends_at,
      d.max_redemptions, d.min_amount_cents,
      (d.applies_to = 'all' or exists (
        select 1 from discount_code_products p where p.discount_code_id = d.id and p.product_id = ${input.productId}::uuid
      )) as applies_to_product
    from discount_codes d
    where d.user_id = ${input.sellerId} and lower(d.code) = lower(${code}) and d.archived_at is null`);
  const row = (found as unknown as { rows: CodeRow[] }).rows[0];
  if (!row) return fail("DISCOUNT_CODE_INVALID");
  if (row.starts_at && new Date(row.starts_at) > now) return fail("DISCOUNT_CODE_NOT_STARTED");
  if (row.ends_at && new Date(row.ends_at) <= now) return fail("DISCOUNT_CODE_EXPIRED");
  if (!row.applies_to_product) return fail("DISCOUNT_CODE_NOT_APPLICABLE");
  if (row.kind === "fixed" && row.currency && row.currency !== input.currency) return fail("DISCOUNT_CODE_NOT_APPLICABLE");
  if (row.min_amount_cents !== null && input.subtotalCents < row.min_amount_cents) return fail("DISCOUNT_CODE_MIN_AMOUNT");
  const terms: DiscountTerms =
    row.kind === "percent" ? { kind: "percent", percentOff: row.percent_off ?? 0 } : { kind: "fixed", amountOffCents: row.amount_off_cents ?? 0 };
  const reserved = await db.execute(sql`
    with counted as (
      update discount_codes set redemptions_count = redemptions_count + 1, updated_at = now()
      where id = ${row.id}::uuid and (max_redemptions is null or redemptions_count < max_redemptions)
      returning id
    )
    insert into discount_redemptions (discount_code_id, order_id, status)
    select id, ${input.orderId}::uuid, 'reserved' from counted
    returning id`);
  if (!(reserved as unknown as { rows: unknown[] }).rows.length) return fail("DISCOUNT_CODE_USED_UP");
  return { ok: true, discountCodeId: row.id, code: row.code, discountCents: discountAmount(input.subtotalCents, terms) };
}

/** The order was paid: its reservation becomes a redemption (no-op without one). */
export async function redeemDiscount(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`
    update discount_redemptions set status = 'redeemed', updated_at = now()
    where order_id = ${orderId}::uuid and status = 'reserved'`);
}

/** The checkout expired unpaid: its reservation is released and the code's count lowered (no-op without one). */
export async function releaseDiscount(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`
    with released as (
      update discount_redemptions set status = 'released', updated_at = now()
      where order_id = ${orderId}::uuid and status = 'reserved'
      returning discount_code_id
    )
    update discount_codes d set redemptions_count = d.redemptions_count - 1, updated_at = now()
    from released r where d.id = r.discount_code_id`);
}
