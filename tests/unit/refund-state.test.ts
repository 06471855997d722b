import { describe, expect, it } from "vitest";
import { refundInFlight, refundStateText } from "~/features/orders/order-display";

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
