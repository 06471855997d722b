// The payment providers as the seller's connection page (/payments) presents them. Browser-safe.

/** Every payment provider the app knows, the one list the provider id type is read from. */
export const PROVIDER_IDS = ["test", "stripe", "paypal"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** Providers a seller connects an account of their own to (the test provider needs none). */
export const CONNECTABLE_PROVIDERS = ["stripe", "paypal"] as const satisfies readonly ProviderId[];
export type ConnectableProvider = (typeof CONNECTABLE_PROVIDERS)[number];

/** Whether a form value names a provider a seller can connect. */
export function isConnectableProvider(value: unknown): value is ConnectableProvider {
  return typeof value === "string" && (CONNECTABLE_PROVIDERS as readonly string[]).includes(value);
}

/** Each connectable provider's texts on the connection page. */
export const PROVIDER_TEXTS: Record<
  ConnectableProvider,
  { name: string; description: string; connect: string; notConfigured: string }
> = {
  stripe: {
    name: "Stripe",
    description: "Cards, Apple Pay and Google Pay. Stripe pays out to your bank account on your account’s schedule.",
    connect: "Connect with Stripe",
    notConfigured:
      "Stripe is not set up on this server yet: the platform’s Stripe keys (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) are missing.",
  },
  paypal: {
    name: "PayPal",
    description: "Buyers pay with their PayPal wallet. The money arrives in your PayPal business account.",
    connect: "Connect with PayPal",
    notConfigured:
      "PayPal is not set up on this server yet: the platform’s PayPal app (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID) and partner id (PAYPAL_PARTNER_ID) are missing.",
  },
};

export const TEST_MODE_TEXT = "Test mode: purchases are simulated, no money moves";

export const CONNECTION_STATUS_LABELS = { not_connected: "Not connected", pending: "Pending", ready: "Ready" } as const;
