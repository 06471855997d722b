import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CARRIERS, carrierTrackingUrl, knownCarrier, trackingUrlFor } from "~/domains/orders/content/carriers";
import {
  addressLines,
  isFulfilmentFilter,
  lineTitle,
  shipmentSummary,
  unitsToShip,
} from "~/domains/orders/fulfilment-display";
import { FULFIL_QUANTITY_MESSAGE, fulfilSchema, quantityTooHighMessage } from "~/domains/orders/schemas/fulfil";
import { shippingMail } from "~/flows/order-lifecycle/server/shipping-mail.server";
import { ERRORS } from "~/lib/errors";
import { httpUrl } from "~/lib/http-url";

const LINE = "0b5c3f3e-8a59-4d4e-9a65-2f6f6d1c0a11";
const OTHER = "1b5c3f3e-8a59-4d4e-9a65-2f6f6d1c0a12";

function form(fields: Record<string, string>) {
  const data = new FormData();
  data.set("intent", "fulfil");
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("tracking links", () => {
  it("keeps only absolute http(s) URLs with a host and no credentials", () => {
    expect(httpUrl("https://track.example.com/a?b=1")).toBe("https://track.example.com/a?b=1");
    expect(httpUrl("  HTTP://Example.com ")).toBe("http://example.com/");
    expect(httpUrl("https://example.com/<script>")).toBe("https://example.com/%3Cscript%3E");
    for (const bad of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<b>x</b>",
      "vbscript:msgbox",
      "ftp://example.com",
      "//example.com/x",
      "example.com",
      "https://",
      "https://user:pass@example.com",
      " ",
      "",
      `https://example.com/${"a".repeat(2000)}`,
    ])
      expect(httpUrl(bad), bad).toBeNull();
    expect(httpUrl(null)).toBeNull();
  });

  it("builds each suggested carrier's tracking page from its template, the number URL-encoded", () => {
    expect(carrierTrackingUrl("UPS", "1Z999AA10123456784")).toBe(
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    );
    expect(carrierTrackingUrl("  royal mail ", "AB 123/4#5")).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/AB%20123%2F4%235",
    );
    expect(carrierTrackingUrl("usps", "x&y=<z>")).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=x%26y%3D%3Cz%3E",
    );
    expect(carrierTrackingUrl("Bike courier", "7")).toBeNull();
    expect(carrierTrackingUrl("UPS", "  ")).toBeNull();
    for (const carrier of CARRIERS) {
      expect(carrier.trackingUrl, carrier.name).toContain("{number}");
      const url = carrierTrackingUrl(carrier.name, "N1");
      expect(url && httpUrl(url), carrier.name).toBe(url);
      expect(url!.startsWith("https://"), carrier.name).toBe(true);
      expect(knownCarrier(carrier.name.toUpperCase())).toBe(carrier);
    }
    expect(CARRIERS.map((carrier) => carrier.name)).toEqual(
      expect.arrayContaining(["USPS", "UPS", "FedEx", "DHL", "Royal Mail", "Canada Post", "Australia Post", "DPD"]),
    );
  });

  it("stores the seller's link, else the known carrier's page, else none; refuses a non-http link", () => {
    expect(trackingUrlFor({ carrier: "DHL", trackingNumber: "123", trackingUrl: "" })).toBe(
      "https://www.dhl.com/global-en/home/tracking.html?tracking-id=123",
    );
    expect(trackingUrlFor({ carrier: "DHL", trackingNumber: "123", trackingUrl: "https://mine.example/123" })).toBe(
      "https://mine.example/123",
    );
    expect(trackingUrlFor({ carrier: "Courier", trackingNumber: "123", trackingUrl: "" })).toBe("");
    expect(trackingUrlFor({ carrier: "DHL", trackingNumber: "", trackingUrl: "" })).toBe("");
    expect(trackingUrlFor({ carrier: "DHL", trackingNumber: "1", trackingUrl: "javascript:alert(1)" })).toBeNull();
  });
});

describe("the fulfilment form", () => {
  it("reads units per line, carrier and tracking, trimmed", () => {
    const submission = parseWithZod(
      form({
        "lines[0].lineId": LINE,
        "lines[0].quantity": "2",
        "lines[1].lineId": OTHER,
        "lines[1].quantity": "0",
        carrier: " UPS ",
        trackingNumber: " 1Z ",
      }),
      { schema: fulfilSchema() },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "fulfil",
      lines: [
        { lineId: LINE, quantity: 2 },
        { lineId: OTHER, quantity: 0 },
      ],
      carrier: "UPS",
      trackingNumber: "1Z",
      trackingUrl: "",
    });
  });

  it("refuses negative, fractional and missing quantities, more than is left, nothing at all and a bad link", () => {
    const errorsOf = (fields: Record<string, string>, left: Record<string, number> = {}) => {
      const submission = parseWithZod(form(fields), { schema: fulfilSchema(left) });
      return submission.status === "error" ? submission.error : null;
    };
    for (const quantity of ["-1", "1.5", "two", ""])
      expect(
        errorsOf({ "lines[0].lineId": LINE, "lines[0].quantity": quantity })?.["lines[0].quantity"],
        quantity,
      ).toEqual([FULFIL_QUANTITY_MESSAGE]);
    expect(
      errorsOf({ "lines[0].lineId": LINE, "lines[0].quantity": "3" }, { [LINE]: 2 })?.["lines[0].quantity"],
    ).toEqual([quantityTooHighMessage(2)]);
    expect(errorsOf({ "lines[0].lineId": LINE, "lines[0].quantity": "0" })?.[""]).toEqual([
      ERRORS.FULFILMENT_NOTHING_TO_SHIP.message,
    ]);
    expect(
      errorsOf({ "lines[0].lineId": LINE, "lines[0].quantity": "1", trackingUrl: "javascript:alert(1)" })?.trackingUrl,
    ).toEqual([ERRORS.TRACKING_URL_INVALID.message]);
    expect(errorsOf({ "lines[0].lineId": "not-a-uuid", "lines[0].quantity": "1" })).not.toBeNull();
    expect(quantityTooHighMessage(1)).toBe("Only 1 unit is left to ship");
  });
});

describe("shipment texts", () => {
  const lines = [
    {
      id: LINE,
      productName: "Mug",
      variantTitle: "M / Blue",
      sku: "MUG",
      quantity: 3,
      fulfilledQuantity: 1,
      refundedQuantity: 1,
    },
    {
      id: OTHER,
      productName: "Poster",
      variantTitle: "",
      sku: null,
      quantity: 1,
      fulfilledQuantity: 0,
      refundedQuantity: 0,
    },
  ];

  it("counts what is left, names lines and shipments, and lays out an address", () => {
    expect(unitsToShip(lines[0]!)).toBe(1);
    expect(unitsToShip({ quantity: 1, fulfilledQuantity: 1, refundedQuantity: 1 })).toBe(0);
    expect(lineTitle(lines[0]!)).toBe("Mug (M / Blue)");
    expect(lineTitle(lines[1]!)).toBe("Poster");
    const shipment = {
      id: "s",
      createdAt: "2026-11-27T10:00:00Z",
      carrier: "",
      trackingNumber: "",
      trackingUrl: "",
      lines: [
        { lineId: LINE, quantity: 2 },
        { lineId: OTHER, quantity: 1 },
        { lineId: "gone", quantity: 1 },
      ],
    };
    expect(shipmentSummary(shipment, lines)).toBe("2 × Mug (M / Blue), 1 × Poster");
    expect(
      addressLines({
        name: "Ada",
        line1: "1 Main St",
        line2: "",
        city: "Springfield",
        region: "IL",
        postcode: "62701",
        country: "US",
      }),
    ).toEqual(["Ada", "1 Main St", "Springfield, IL, 62701", "United States"]);
    expect(isFulfilmentFilter("partial")).toBe(true);
    expect(isFulfilmentFilter("none")).toBe(false);
  });

  it("mails a complete shipment without a 'still to ship' part, and no tracking button without a link", () => {
    const mail = shippingMail({
      to: "b@example.com",
      orderId: "0b5c3f3e-8a59-4d4e-9a65-2f6f6d1c0a11",
      storeName: "Shop",
      shipped: [{ productName: "Poster", variantTitle: "", quantity: 1 }],
      remaining: [],
      carrier: "",
      trackingNumber: "",
      trackingUrl: "",
      address: null,
      orderUrl: "https://sellkit.example/purchases/x?token=t",
    });
    expect(mail.subject).toBe("Your order from Shop has shipped");
    expect(mail.text).toContain("Shop has shipped your order 0B5C3F3E.");
    expect(mail.text).not.toContain("Still to ship");
    expect(mail.text).not.toContain("Track your parcel");
    expect(mail.text).not.toContain("Carrier");
  });
});
