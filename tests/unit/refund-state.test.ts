import { describe, expect, it } from "vitest";
import { refundInFlight, refundLinesText, refundStateText } from "~/domains/orders/order-display";
import type { OrderLine } from "~/domains/orders/order-lines";

describe("a refund's state on the order's page", () => {
  it("says a lost answer is pending confirmation, and holds pending and unknown refunds back", () => {
    expect(refundStateText("succeeded")).toBe("refunded");
    expect(refundStateText("failed")).toBe("refused by the provider");
    expect(refundStateText("pending")).toBe("waiting for the provider");
    expect(refundStateText("unknown")).toBe(
      "refund pending confirmation (the provider did not answer; it is checked again within minutes)",
    );
    expect(["pending", "unknown", "succeeded", "failed"].filter(refundInFlight)).toEqual(["pending", "unknown"]);
  });
});

describe("a refund by lines on the order's page", () => {
  it("names each line's units, its variant and whether they went back into stock", () => {
    const line = (id: string, productName: string, variantTitle = "") =>
      ({ id, productName, variantTitle }) as OrderLine;
    const lines = [line("a", "Mug", "Blue"), line("b", "Field Guide")];
    const refund = {
      lines: [
        { lineId: "a", quantity: 2, restock: true },
        { lineId: "b", quantity: 1, restock: false },
      ],
    };
    expect(refundLinesText(refund, lines)).toBe("2 × Mug (Blue), restocked; 1 × Field Guide");
    expect(refundLinesText({ lines: [] }, lines)).toBe("");
  });
});
