import { httpUrl } from "~/lib/http-url";

// Shipping carriers the fulfilment form suggests, with the address of each one's public tracking page. Browser-safe.

/** A carrier and its tracking page, `{number}` standing for the URL-encoded tracking number. */
export type Carrier = { name: string; trackingUrl: string };

export const CARRIERS: readonly Carrier[] = [
  { name: "USPS", trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels={number}" },
  { name: "UPS", trackingUrl: "https://www.ups.com/track?tracknum={number}" },
  { name: "FedEx", trackingUrl: "https://www.fedex.com/fedextrack/?trknbr={number}" },
  { name: "DHL", trackingUrl: "https://www.dhl.com/global-en/home/tracking.html?tracking-id={number}" },
  { name: "Royal Mail", trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/{number}" },
  {
    name: "Canada Post",
    trackingUrl: "https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={number}",
  },
  { name: "Australia Post", trackingUrl: "https://auspost.com.au/mypost/track/details/{number}" },
  { name: "DPD", trackingUrl: "https://tracking.dpd.de/status/en_US/parcel/{number}" },
  { name: "PostNL", trackingUrl: "https://postnl.nl/tracktrace/?B={number}" },
  { name: "La Poste", trackingUrl: "https://www.laposte.fr/outils/suivre-vos-envois?code={number}" },
  { name: "GLS", trackingUrl: "https://gls-group.com/track/{number}" },
];

/** The most characters of a carrier's name and of a tracking number. */
export const MAX_CARRIER_LENGTH = 100;
export const MAX_TRACKING_NUMBER_LENGTH = 100;

/** The suggested carrier named `name`, ignoring case and surrounding spaces; null for any other. */
export function knownCarrier(name: string): Carrier | null {
  const wanted = name.trim().toLowerCase();
  return CARRIERS.find((carrier) => carrier.name.toLowerCase() === wanted) ?? null;
}

/** The tracking page of a known carrier's parcel, or null when the carrier is unknown or there is no number. */
export function carrierTrackingUrl(carrierName: string, trackingNumber: string): string | null {
  const carrier = knownCarrier(carrierName);
  const number = trackingNumber.trim();
  if (!carrier || !number) return null;
  return carrier.trackingUrl.replace("{number}", encodeURIComponent(number));
}

/** The link to store: the typed http(s) URL, else the known carrier's page, else ""; null for a typed non-http URL. */
export function trackingUrlFor(input: { carrier: string; trackingNumber: string; trackingUrl: string }): string | null {
  if (input.trackingUrl.trim()) return httpUrl(input.trackingUrl);
  return carrierTrackingUrl(input.carrier, input.trackingNumber) ?? "";
}
