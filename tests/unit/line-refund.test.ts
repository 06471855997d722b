import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { lineRefundCents } from "~/domains/orders/order-lines";
import { lineRefundSchema, REFUND_LINES_NONE_MESSAGE } from "~/domains/orders/schemas/refund";

describe("the amount of a refund by lines", () => {
  it("is the line's paid share (subtotal less its discount) per unit", () => {
    const mugs = { subtotalCents: 2400, discountCents: 240, quantity: 2, refundedQuantity: 0 };
    expect(lineRefundCents(mugs, 1)).toBe(1080);
    expect(lineRefundCents(mugs, 2)).toBe(2160);
    expect(lineRefundCents({ ...mugs, refundedQuantity: 1 }, 1)).toBe(1080);
  });

  it("rounds down per unit so that refunding every unit, one at a time or all at once, gives back exactly the share", () => {
    const line = { subtotalCents: 1000, discountCents: 1, quantity: 3, refundedQuantity: 0 };
    const oneByOne = [0, 1, 2].map((refundedQuantity) => lineRefundCents({ ...line, refundedQuantity }, 1));
    expect(oneByOne).toEqual([333, 333, 333]);
    expect(oneByOne.reduce((sum, cents) => sum + cents, 0)).toBe(999);
    expect(lineRefundCents(line, 3)).toBe(999);
  });

  it("gives nothing back for a free line, and never a negative amount when the discount took it all", () => {
    expect(lineRefundCents({ subtotalCents: 0, discountCents: 0, quantity: 1, refundedQuantity: 0 }, 1)).toBe(0);
    expect(lineRefundCents({ subtotalCents: 500, discountCents: 600, quantity: 1, refundedQuantity: 0 }, 1)).toBe(0);
  });
});

describe("the refund-by-lines form", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return parseWithZod(data, { schema: lineRefundSchema });
  };
  const lineId = "0b8e9a5c-8a51-4f44-9a44-7f1f3c1d2e01";

  it("reads the units per line and the restock box", () => {
    const submission = form([
      ["intent", "review"],
      ["by", "lines"],
      ["lines[0].lineId", lineId],
      ["lines[0].quantity", "2"],
      ["restock", "on"],
    ]);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "review",
      by: "lines",
      lines: [{ lineId, quantity: 2 }],
      restock: true,
    });
  });

  it("asks for at least one unit, and refuses fractions and negative numbers", () => {
    const none = form([
      ["intent", "review"],
      ["by", "lines"],
      ["lines[0].lineId", lineId],
      ["lines[0].quantity", "0"],
    ]);
    expect(none.reply().error?.[""]).toEqual([REFUND_LINES_NONE_MESSAGE]);
    for (const quantity of ["1.5", "-1", "two"]) {
      const bad = form([
        ["intent", "review"],
        ["by", "lines"],
        ["lines[0].lineId", lineId],
        ["lines[0].quantity", quantity],
      ]);
      expect(bad.status).toBe("error");
    }
  });
});
