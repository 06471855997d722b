import { PayPalApiError, type PayPalClient, type PayPalLink } from "./paypal-client.server";
import type { SellerOnboarding } from "./payment-provider.server";

type MerchantIntegration = {
  merchant_id: string;
  tracking_id?: string;
  payments_receivable?: boolean;
  primary_email_confirmed?: boolean;
  oauth_integrations?: unknown[];
};

/**
 * Sellers' onboarding through PayPal partner referrals; a tracking id stands for the seller until PayPal names the
 * merchant.
 */
export function partnerOnboarding(paypal: PayPalClient, partnerId: string): SellerOnboarding {
  const partnerPath = `/v1/customer/partners/${encodeURIComponent(partnerId)}/merchant-integrations`;
  const emails = new Map<string, string>();
  return {
    async createAccount({ userId, email }) {
      // PayPal creates nothing up front: the tracking id names the seller in the referral and in PayPal's answers.
      const trackingId = `sellkit-${userId}`;
      emails.set(trackingId, email);
      return { accountId: trackingId };
    },
    async onboardingUrl({ accountId, returnUrl }) {
      const trackingId = accountId.startsWith("sellkit-") ? accountId : null;
      const referral = await paypal.request<{ links?: PayPalLink[] }>("/v2/customer/partner-referrals", {
        method: "POST",
        body: {
          ...(trackingId ? { tracking_id: trackingId } : {}),
          ...(trackingId && emails.has(trackingId) ? { email: emails.get(trackingId) } : {}),
          operations: [
            {
              operation: "API_INTEGRATION",
              api_integration_preference: {
                rest_api_integration: {
                  integration_method: "PAYPAL",
                  integration_type: "THIRD_PARTY",
                  third_party_details: { features: ["PAYMENT", "REFUND", "PARTNER_FEE"] },
                },
              },
            },
          ],
          products: ["EXPRESS_CHECKOUT"],
          legal_consents: [{ type: "SHARE_DATA_CONSENT", granted: true }],
          partner_config_override: { return_url: returnUrl },
        },
      });
      const link = referral.links?.find((l) => l.rel === "action_url");
      if (!link) throw new Error("PayPal returned a partner referral without an action_url");
      return link.href;
    },
    async accountStatus(accountId) {
      let merchantId = accountId;
      if (accountId.startsWith("sellkit-")) {
        try {
          const found = await paypal.request<{ merchant_id?: string }>(
            `${partnerPath}?tracking_id=${encodeURIComponent(accountId)}`,
          );
          if (!found.merchant_id) return { status: "pending", details: { onboarded: false } };
          merchantId = found.merchant_id;
        } catch (error) {
          if (error instanceof PayPalApiError && error.status === 404)
            return { status: "pending", details: { onboarded: false } };
          throw error;
        }
      }
      const merchant = await paypal.request<MerchantIntegration>(`${partnerPath}/${encodeURIComponent(merchantId)}`);
      // PayPal's readiness checks: payments receivable, email confirmed, the platform's permissions granted.
      const ready =
        merchant.payments_receivable === true &&
        merchant.primary_email_confirmed === true &&
        (merchant.oauth_integrations?.length ?? 0) > 0;
      return {
        status: ready ? "ready" : "pending",
        details: {
          accountId: merchant.merchant_id,
          onboarded: true,
          paymentsReceivable: merchant.payments_receivable ?? false,
          primaryEmailConfirmed: merchant.primary_email_confirmed ?? false,
          permissionsGranted: (merchant.oauth_integrations?.length ?? 0) > 0,
        },
      };
    },
  };
}
