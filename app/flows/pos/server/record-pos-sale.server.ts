import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { Refusal, refusable } from "~/db/refusal.server";
import { isPhysicalType } from "~/domains/catalog/content/product-types";
import {
  type DiscountCodeFailure,
  type ReservedDiscount,
  reserveDiscount,
} from "~/domains/discounts/server/discount-reservation.server";
import { orderLines, orderPayments, orders } from "~/domains/orders/tables.server";
import { transitionOrder } from "~/flows/order-lifecycle/server/transition-order.server";
import {
  amendZReport,
  CONNECTED_PAYMENT_METHODS,
  checkTenders,
  OFFLINE_PAYMENT_METHODS,
  type PosPaymentMethod,
  posMethodsOf,
  priceSale,
  type ZReport,
} from "~/flows/pos/pos-rules";
import { drawerMovements } from "~/flows/pos/tables.server";
import type { PosSale } from "~/flows/pos/schemas/pos-sale";
import { type Failure, fail } from "~/lib/errors";
import type { Mailer } from "~/server/mail/mailer.server";
import type { CardReader, ReaderSession } from "./card-reader.server";
import { checkPriceToken } from "./price-token.server";

export type PosSaleServices = {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  authSecret: string;
  /** The reader that takes card and pay-on-phone payments; without one they are refused. */
  reader?: CardReader | null;
};

/** Minutes a card or pay-on-phone payment stays open before its order expires. */
export const POS_PAYMENT_MINUTES = 15;

export type PosSaleResult =
  | {
      ok: true;
      orderId: string;
      totalCents: number;
      changeCents: number;
      duplicate: boolean;
      /** A sale with a card or pay-on-phone part: its order waits for the provider's webhook on this session. */
      payment?: ReaderSession & { method: "card" | "pay_on_phone"; amountCents: number };
    }
  | Failure<
      | "POS_SHIFT_NOT_FOUND"
      | "POS_SHIFT_CLOSED"
      | "POS_PRODUCT_UNAVAILABLE"
      | "POS_PRICE_CHANGED"
      | "POS_PAYMENTS_MISMATCH"
      | "POS_CASH_TOO_LOW"
      | "POS_METHOD_NEEDS_CONNECTION"
      | "POS_SALE_CONFLICT"
      | "POS_CARD_UNAVAILABLE"
      | "POS_CARD_NOT_SPLIT"
      | "POS_CHANGE_NOT_CASH"
      | "POS_SALE_AFTER_CLOSE"
      | "POS_SALE_TIME_INVALID"
      | "POS_METHOD_NOT_ACCEPTED"
      | DiscountCodeFailure
    >;

type ShiftRow = {
  id: string;
  register_id: string;
  location_id: string;
  currency: string;
  /** Milliseconds since the epoch. */
  opened_ms: number;
  closed_ms: number | null;
  report: ZReport | null;
  store_name: string;
  /** The shift's register is an event's stall. */
  at_event: boolean;
  /** The Event Sales setup's payment methods, null without one. */
  event_methods: string[] | null;
};
type ItemRow = {
  product_id: string;
  variant_id: string | null;
  name: string;
  type: string;
  status: string;
  variant_title: string;
  sku: string | null;
  price_cents: number;
};

type PosSaleFailure = Exclude<PosSaleResult, { ok: true }>;
type Recorded = Extract<PosSaleResult, { ok: true }> & { description?: string };

/** How far back a device's clock is taken for a sale made offline. */
const OFFLINE_DAYS = 30;

/**
 * Records a counter sale made on a device, exactly once per `deviceSaleId`. It is priced on the server from the
 * catalogue, or from the price the server signed into the device's offline snapshot. It is paid in cash or other
 * tenders. The order state machine moves the order to paid: stock sold at the shift's location, a receipt when an
 * email was given. The cash is recorded in the shift's drawer. A sale with a card or pay-on-phone part stays pending
 * until its provider's webhook pays that part; its other parts are taken with it. A replay answers as the first time.
 * Online sales carry the server's time; a sale made offline before its shift closed amends the kept Z-report.
 */
export async function recordPosSale(
  services: PosSaleServices,
  sellerId: string,
  sale: PosSale,
): Promise<PosSaleResult> {
  const existing = await findRecorded(services.db, sellerId, sale.deviceSaleId);
  if (existing) return existing;
  const connected = sale.payments.find((p) => CONNECTED_PAYMENT_METHODS.includes(p.method as PosPaymentMethod));
  const reader = services.reader ?? null;
  if (connected) {
    if (sale.offline) return fail("POS_METHOD_NEEDS_CONNECTION");
    if (!reader) return fail("POS_CARD_UNAVAILABLE");
  }
  const recorded = await refusable<Recorded, PosSaleFailure>(services.db, async (tx) => {
    const shift = await loadShift(tx, sellerId, sale.shiftId);
    if (!shift) throw new Refusal(fail("POS_SHIFT_NOT_FOUND"));
    const at = saleTime(sale, shift);
    if (at instanceof Refusal) throw at;
    const methods = sale.payments.map((p) => p.method as PosPaymentMethod);
    if (!connected && methods.some((m) => !OFFLINE_PAYMENT_METHODS.includes(m)))
      throw new Refusal(fail("POS_METHOD_NEEDS_CONNECTION"));
    if (shift.at_event && methods.some((m) => !posMethodsOf(shift.event_methods).includes(m)))
      throw new Refusal(fail("POS_METHOD_NOT_ACCEPTED"));

    const items = await loadItems(tx, sellerId, sale);
    const lines = sale.lines.map((line) => {
      const item = items.find((i) => i.product_id === line.productId && i.variant_id === line.variantId);
      // Offline too: a product unpublished since the device's snapshot is refused until it is published again.
      if (item?.status !== "published") throw new Refusal(fail("POS_PRODUCT_UNAVAILABLE"));
      const signed = checkPriceToken(services.authSecret, line.priceToken, {
        sellerId,
        itemId: line.variantId ?? line.productId,
        priceCents: line.unitPriceCents,
      });
      if (line.unitPriceCents !== item.price_cents && !(sale.offline && signed))
        throw new Refusal(fail("POS_PRICE_CHANGED"));
      return { ...line, item };
    });
    const orderId = randomUUID();
    const code = sale.discountCode
      ? await reserveCode(tx, { sellerId, currency: shift.currency, orderId, code: sale.discountCode, lines, sale })
      : null;
    const priced = priceSale(lines, sale.saleDiscount, code?.terms ?? null);
    const tenders = checkTenders(priced.totalCents, sale.payments);
    if (!tenders.ok) throw new Refusal(fail(tenders.code));
    const { changeCents, cashCents } = tenders;

    const claimed = await tx
      .insert(orders)
      .values({
        id: orderId,
        userId: sellerId,
        storeName: shift.store_name,
        customerEmail: sale.email.toLowerCase(),
        status: "pending",
        subtotalCents: priced.subtotalCents,
        discountCents: priced.discountCents,
        discountCodeId: code?.discountCodeId ?? null,
        discountCode: code?.code ?? null,
        amountCents: priced.totalCents,
        currency: shift.currency,
        locationId: shift.location_id,
        channel: "pos",
        registerId: shift.register_id,
        shiftId: shift.id,
        soldBy: sellerId,
        deviceSaleId: sale.deviceSaleId,
        note: sale.note,
        // Goods are handed over at the counter.
        fulfilmentStatus: lines.some((line) => isPhysicalType(line.item.type)) ? "fulfilled" : "none",
        createdAt: at,
        ...(connected && reader
          ? { provider: reader.providerId, expiresAt: new Date(Date.now() + POS_PAYMENT_MINUTES * 60_000) }
          : {}),
      })
      .onConflictDoNothing()
      .returning({ id: orders.id });
    // Another request recorded the same device sale first: answer as it did.
    if (claimed.length === 0) throw new Refusal(fail("POS_SALE_CONFLICT"));
    await tx.insert(orderLines).values(
      lines.map((line, position) => ({
        orderId,
        position,
        kind: isPhysicalType(line.item.type) ? ("physical" as const) : ("digital" as const),
        productId: line.productId,
        variantId: line.variantId,
        productName: line.item.name,
        variantTitle: line.item.variant_title,
        sku: line.item.sku,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        subtotalCents: priced.lines[position]?.subtotalCents ?? 0,
        discountCents: priced.lines[position]?.discountCents ?? 0,
        // Handed over at the counter.
        fulfilledQuantity: isPhysicalType(line.item.type) ? line.quantity : 0,
      })),
    );
    await tx.insert(orderPayments).values(
      sale.payments.map((p) => ({
        orderId,
        method: p.method,
        amountCents: p.amountCents,
        tenderedCents: p.method === "cash" ? (p.tenderedCents ?? p.amountCents) : null,
        changeCents: p.method === "cash" ? (p.tenderedCents ?? p.amountCents) - p.amountCents : 0,
        reference: p.reference,
        // Every part of a sale with a card or phone part is taken when that part is paid, or handed back.
        status: connected ? "pending" : "approved",
      })),
    );
    // The cash is in the drawer now; a shift counts it only once its order is paid.
    if (cashCents > 0)
      await tx
        .insert(drawerMovements)
        .values({ shiftId: shift.id, kind: "sale", amountCents: cashCents, orderId, actorId: sellerId });
    const description = lines.map((line) => `${line.item.name} ×${line.quantity}`).join(", ");
    if (connected)
      return {
        ok: true as const,
        orderId,
        totalCents: priced.totalCents,
        changeCents,
        duplicate: false,
        description,
      };
    await transitionOrder({ db: tx, mailer: services.mailer, appUrl: services.appUrl }, orderId, {
      to: "paid",
      cause: `pos:${[...new Set(methods)].join("+")}`,
      details: {
        deviceSaleId: sale.deviceSaleId,
        offline: sale.offline,
        ...(shift.closed_ms !== null ? { late: true } : {}),
      },
      set: { paidAt: at },
    });
    if (shift.closed_ms !== null && shift.report) {
      const amended = amendZReport(shift.report, {
        orderId,
        soldAt: at.toISOString(),
        recordedAt: new Date().toISOString(),
        amountCents: priced.totalCents,
        cashCents,
        subtotalCents: priced.subtotalCents,
        discountCents: priced.discountCents,
        payments: sale.payments,
        items: lines.map((line, position) => ({
          name: line.item.variant_title ? `${line.item.name} (${line.item.variant_title})` : line.item.name,
          quantity: line.quantity,
          amountCents: (priced.lines[position]?.subtotalCents ?? 0) - (priced.lines[position]?.discountCents ?? 0),
        })),
      });
      await tx.execute(sql`
          update shifts set report = ${JSON.stringify(amended)}::jsonb,
            expected_cash_cents = ${amended.expectedCashCents}
          where id = ${shift.id}::uuid`);
    }
    return { ok: true as const, orderId, totalCents: priced.totalCents, changeCents, duplicate: false };
  });
  if (!recorded.ok) {
    if (recorded.code === "POS_SALE_CONFLICT")
      return (await findRecorded(services.db, sellerId, sale.deviceSaleId)) ?? recorded;
    return recorded;
  }
  const { description, ...result } = recorded;
  if (!connected || !reader) return result;
  return startReaderSession(services, reader, result, {
    method: connected.method as "card" | "pay_on_phone",
    amountCents: connected.amountCents,
    description: description ?? "",
  });
}

/**
 * Checks a store discount code against the sale's lines after their manual discounts and holds one use for `orderId`,
 * by the same rules as the online checkout. The payment's move to paid counts the use.
 */
async function reserveCode(
  tx: Database,
  input: {
    sellerId: string;
    currency: string;
    orderId: string;
    code: string;
    lines: (Parameters<typeof priceSale>[0][number] & { productId: string })[];
    sale: PosSale;
  },
): Promise<ReservedDiscount> {
  const reserved = await reserveDiscount(tx, {
    sellerId: input.sellerId,
    productIds: [...new Set(input.lines.map((line) => line.productId))],
    code: input.code,
    subtotalCents: priceSale(input.lines, input.sale.saleDiscount).totalCents,
    currency: input.currency,
    orderId: input.orderId,
  });
  if (!reserved.ok) throw new Refusal(reserved);
  return reserved;
}

/**
 * Opens the reader's session for the card or phone part of a pending sale and keeps its id on the order; a failure
 * expires the order.
 */
async function startReaderSession(
  services: PosSaleServices,
  reader: CardReader,
  sale: Extract<PosSaleResult, { ok: true }>,
  part: { method: "card" | "pay_on_phone"; amountCents: number; description: string },
): Promise<PosSaleResult> {
  const moveServices = { db: services.db, mailer: services.mailer, appUrl: services.appUrl };
  const order = await services.db.execute<{
    currency: string;
    expires_at: string | Date;
    seller_account_id: string | null;
  }>(sql`
    select o.currency, o.expires_at, a.external_account_id as seller_account_id
    from orders o left join payment_accounts a on a.user_id = o.user_id and a.provider = o.provider
    where o.id = ${sale.orderId}::uuid`);
  const row = order.rows[0];
  const method = part.method;
  try {
    const session = await reader.start({
      orderId: sale.orderId,
      amountCents: part.amountCents,
      currency: row?.currency ?? "USD",
      description: part.description.slice(0, 200),
      returnUrl: `${services.appUrl}/`,
      expiresAt: new Date(row?.expires_at ?? Date.now() + POS_PAYMENT_MINUTES * 60_000),
      sellerAccountId: row?.seller_account_id ?? null,
    });
    await services.db.execute(sql`
      update orders set provider_checkout_id = ${session.sessionId}, updated_at = now()
      where id = ${sale.orderId}::uuid and provider_checkout_id is null`);
    return { ...sale, payment: { ...session, method, amountCents: part.amountCents } };
  } catch {
    await transitionOrder(moveServices, sale.orderId, { to: "expired", cause: "pos:reader_failed" });
    return fail("POS_CARD_UNAVAILABLE");
  }
}

/**
 * When a sale was made: now for an online sale. An offline one keeps the device's clock, held between the shift's
 * opening (at most 30 days back) and now. Into a closed shift only a sale made while it was open, else refused.
 */
function saleTime(sale: PosSale, shift: ShiftRow): Date | Refusal<PosSaleFailure> {
  const now = Date.now();
  const closed = shift.closed_ms !== null;
  if (!sale.offline) return closed ? new Refusal(fail("POS_SHIFT_CLOSED")) : new Date(now);
  const at = Date.parse(sale.soldAt);
  const earliest = Math.max(Math.floor(shift.opened_ms), now - OFFLINE_DAYS * 86_400_000);
  if (!closed) return new Date(Math.min(now, Math.max(earliest, at)));
  if (at > (shift.closed_ms ?? now)) return new Refusal(fail("POS_SALE_AFTER_CLOSE"));
  if (at < earliest) return new Refusal(fail("POS_SALE_TIME_INVALID"));
  return new Date(at);
}

async function findRecorded(db: Database, sellerId: string, deviceSaleId: string): Promise<PosSaleResult | null> {
  const result = await db.execute<{ id: string; user_id: string; amount_cents: number; change_cents: number }>(sql`
    select o.id, o.user_id, o.amount_cents,
      coalesce((select sum(change_cents) from order_payments p where p.order_id = o.id), 0)::int as change_cents
    from orders o where o.device_sale_id = ${deviceSaleId}::uuid`);
  const rows = result.rows;
  if (rows.length === 0) return null;
  const own = rows.find((r) => r.user_id === sellerId);
  if (!own) return fail("POS_SALE_CONFLICT");
  return { ok: true, orderId: own.id, totalCents: own.amount_cents, changeCents: own.change_cents, duplicate: true };
}

async function loadShift(db: Database, sellerId: string, shiftId: string): Promise<ShiftRow | null> {
  const result = await db.execute<ShiftRow>(sql`
    select s.id, s.register_id, s.location_id, s.currency, s.report,
      (extract(epoch from s.opened_at) * 1000)::float8 as opened_ms,
      (extract(epoch from s.closed_at) * 1000)::float8 as closed_ms,
      coalesce((select bp.store_name from business_profiles bp where bp.user_id = s.user_id), '') as store_name,
      exists (select 1 from events e where e.location_id = s.location_id) as at_event,
      (select sm.settings->'paymentMethods' from sales_methods sm where sm.user_id = s.user_id and sm.method = 'events'
        and jsonb_typeof(sm.settings->'paymentMethods') = 'array' limit 1) as event_methods
    from shifts s where s.id = ${shiftId}::uuid and s.user_id = ${sellerId}
    for update of s`);
  return result.rows[0] ?? null;
}

async function loadItems(db: Database, sellerId: string, sale: PosSale): Promise<ItemRow[]> {
  const productIds = [...new Set(sale.lines.map((l) => l.productId))];
  const result = await db.execute<ItemRow>(sql`
    select p.id as product_id, v.id as variant_id, p.name, p.type, p.status,
      coalesce(v.title, '') as variant_title, v.sku, coalesce(v.price_cents, p.price_cents) as price_cents
    from products p left join product_variants v on v.product_id = p.id and v.archived_at is null
    where p.user_id = ${sellerId} and p.id = any(${`{${productIds.join(",")}}`}::uuid[])`);
  return result.rows;
}
