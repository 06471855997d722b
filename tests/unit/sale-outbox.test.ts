import "fake-indexeddb/auto";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PosSaleInput } from "~/flows/pos/schemas/pos-sale";
import { flushOutbox, outboxEntries, queueSale, retrySale, type SendAnswer } from "~/flows/pos/sale-outbox";

const sale = (): PosSaleInput => ({
  deviceSaleId: randomUUID(),
  shiftId: randomUUID(),
  soldAt: new Date().toISOString(),
  lines: [{ productId: randomUUID(), quantity: 1, unitPriceCents: 100 }],
  payments: [{ method: "cash", amountCents: 100 }],
});

describe("the device's outbox of sales", () => {
  it("sends in order, keeps what could not be sent, marks refusals and never loses a sale", async () => {
    const sales = [sale(), sale(), sale(), sale()];
    for (const s of sales) {
      await queueSale(s);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await queueSale(sales[0]!);
    expect(await outboxEntries()).toHaveLength(4);

    const sent: string[] = [];
    const answers: SendAnswer[] = [
      { kind: "recorded" },
      { kind: "refused", reason: "This shift is closed." },
      { kind: "unreachable" },
    ];
    const left = await flushOutbox(async (s) => {
      sent.push(s.deviceSaleId);
      return answers.shift() ?? { kind: "recorded" };
    });
    expect(sent).toEqual(sales.slice(0, 3).map((s) => s.deviceSaleId));
    expect(left.map((e) => [e.id, e.refusal])).toEqual([
      [sales[1]!.deviceSaleId, "This shift is closed."],
      [sales[2]!.deviceSaleId, null],
      [sales[3]!.deviceSaleId, null],
    ]);

    await retrySale(sales[1]!.deviceSaleId);
    expect(await flushOutbox(async () => ({ kind: "recorded" }))).toEqual([]);
  });

  it("sends each sale once when replays are asked for at once: online, the interval and a new sale", async () => {
    const sales = [sale(), sale(), sale()];
    for (const s of sales) await queueSale(s);
    const sent: string[] = [];
    const late = sale();
    const send = async (s: PosSaleInput): Promise<SendAnswer> => {
      sent.push(s.deviceSaleId);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { kind: "recorded" };
    };
    const online = flushOutbox(send);
    const interval = flushOutbox(send);
    // A sale made while the others are being sent is sent by the same replay.
    await queueSale(late);
    const made = flushOutbox(send);
    const left = await Promise.all([online, interval, made]);
    expect(sent.sort()).toEqual([...sales, late].map((s) => s.deviceSaleId).sort());
    expect(left).toEqual([[], [], []]);
  });
});
