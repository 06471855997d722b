import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for PayPal's REST API, written from PayPal's API reference for what the PayPal provider uses:
 * OAuth 2.0 client-credentials tokens, Orders v2 (create, get with its payments' captures and refunds), captures
 * (get, refund), refunds (get), webhook signature
 * verification, partner referrals and merchant integrations. JSON in and out, PayPal's error bodies
 * (`{ name, message, debug_id, details: [{ issue, description }] }`), PayPal-Request-Id idempotency, and
 * PayPal-Auth-Assertion required on a refund of a capture paid to a seller. State lives in memory. Tests play the
 * buyer (`approveOrder`) and the seller (`completeOnboarding`); webhooks are kept in `deliveries` (and POSTed to
 * `webhookUrl` when set) with PayPal's transmission headers. PayPal signs with its certificate and only its API
 * can check it, so the stand-in's verify-webhook-signature answers SUCCESS only for a delivery it sent, unchanged,
 * for the configured webhook id — FAILURE for anything else.
 */

type Obj = Record<string, unknown> & { id: string };
export type PayPalDelivery = { body: string; headers: Record<string, string> };
export type PayPalRequestLog = {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string | undefined>;
};

export type PayPalStandIn = {
  origin: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  partnerId: string;
  requests: PayPalRequestLog[];
  deliveries: PayPalDelivery[];
  /** Token requests answered (the client caches its token). */
  tokensIssued: number;
  /** Seconds the next tokens live. */
  tokenLifetime: number;
  webhookUrl: string | undefined;
  orders: Map<string, Obj>;
  captures: Map<string, Obj>;
  merchants: Map<string, Obj>;
  refunds: Map<string, Obj>;
  /** While true, a refund is made but the connection closes before the answer (its replays too): a lost answer. */
  dropRefundAnswers: boolean;
  env: Record<string, string>;
  /** The buyer approves the order on PayPal's page; `decline: true` makes its capture fail (INSTRUMENT_DECLINED). */
  approveOrder(orderId: string, options?: { decline?: boolean }): Promise<void>;
  /**
   * A seller who finished PayPal's sign-up of a referral (by tracking id): a merchant id, ready to receive payments.
   */
  completeOnboarding(trackingId: string): Promise<string>;
  openDispute(captureId: string): Promise<void>;
  resolveDispute(captureId: string, outcome: string): Promise<void>;
  revokeConsent(merchantId: string): Promise<void>;
  close(): Promise<void>;
};

class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const unprocessable = (issue: string, description: string) =>
  new PayPalError(422, {
    name: "UNPROCESSABLE_ENTITY",
    message: "The requested action could not be performed, semantically incorrect, or failed business validation.",
    debug_id: randomBytes(7).toString("hex"),
    details: [{ issue, description }],
  });
const invalidRequest = (field: string, issue: string, description: string) =>
  new PayPalError(400, {
    name: "INVALID_REQUEST",
    message: "Request is not well-formed, syntactically incorrect, or violates schema.",
    debug_id: randomBytes(7).toString("hex"),
    details: [{ field, issue, description }],
  });
const notFound = (what: string) =>
  new PayPalError(404, {
    name: "RESOURCE_NOT_FOUND",
    message: "The specified resource does not exist.",
    debug_id: randomBytes(7).toString("hex"),
    details: [
      {
        issue: "INVALID_RESOURCE_ID",
        description: `Specified resource ID ${what} does not exist. Please check the resource ID and try again.`,
      },
    ],
  });

function paypalId(length = 17): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join("");
}

const cents = (value: string) => {
  const [whole = "0", fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2));
};
const money = (minor: number, currency: string) => ({
  currency_code: currency,
  value: `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`,
});
const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};

export async function startPayPalStandIn(options: { webhookUrl?: string } = {}): Promise<PayPalStandIn> {
  const clientId = `AZ${randomBytes(20).toString("hex")}`;
  const clientSecret = `EL${randomBytes(20).toString("hex")}`;
  const webhookId = paypalId(17);
  const partnerId = paypalId(13);
  const platformMerchantId = paypalId(13);
  const signingKey = randomBytes(32);
  const tokens = new Map<string, number>();
  const orders = new Map<string, Obj>();
  const captures = new Map<string, Obj>();
  const merchants = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const referrals = new Map<string, { trackingId: string; returnUrl: string; email?: string }>();
  const sent = new Map<string, { body: string; signature: string; time: string }>();
  const idempotent = new Map<string, { status: number; body: string }>();
  let origin = "";

  const signatureOf = (id: string, time: string, body: string) =>
    createHmac("sha256", signingKey).update(`${id}|${time}|${webhookId}|${body}`).digest("base64");

  async function emit(eventType: string, resourceType: string, resource: Record<string, unknown>) {
    const event = {
      id: `WH-${paypalId(17)}-${paypalId(17)}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: "2.0",
      event_type: eventType,
      summary: eventType,
      resource: structuredClone(resource),
    };
    const body = JSON.stringify(event);
    const id = randomUUID();
    const time = new Date().toISOString();
    const signature = signatureOf(id, time, body);
    sent.set(id, { body, signature, time });
    const headers = {
      "content-type": "application/json",
      "paypal-transmission-id": id,
      "paypal-transmission-time": time,
      "paypal-transmission-sig": signature,
      "paypal-cert-url": `${origin}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`,
      "paypal-auth-algo": "SHA256withRSA",
    };
    standIn.deliveries.push({ body, headers });
    if (standIn.webhookUrl) await fetch(standIn.webhookUrl, { method: "POST", headers, body }).catch(() => undefined);
  }

  function orderView(order: Obj) {
    const { _decline, _returnUrl, _cancelUrl, ...view } = order;
    return view;
  }

  function createOrder(body: Record<string, unknown>): Obj {
    if (body.intent !== "CAPTURE")
      throw invalidRequest("/intent", "INVALID_PARAMETER_VALUE", "This stand-in supports intent CAPTURE.");
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length !== 1)
      throw invalidRequest("/purchase_units", "INVALID_ARRAY_LENGTH", "One purchase unit is expected.");
    const unit = asRecord(units[0]);
    const amount = asRecord(unit.amount);
    if (typeof amount.value !== "string" || !/^\d+(\.\d{2})?$/.test(amount.value)) {
      throw invalidRequest(
        "/purchase_units/@reference_id=='default'/amount/value",
        "DECIMAL_PRECISION",
        "If the currency supports decimals, only two decimal place precision is supported.",
      );
    }
    if (!["USD", "EUR", "GBP", "CZK"].includes(String(amount.currency_code)))
      throw unprocessable("CURRENCY_NOT_SUPPORTED", "Currency code is not supported.");
    const payee = asRecord(unit.payee).merchant_id;
    if (payee !== undefined) {
      const merchant = merchants.get(String(payee));
      if (!merchant?.payments_receivable)
        throw unprocessable("PAYEE_ACCOUNT_RESTRICTED", "The merchant account is restricted.");
    }
    const fees = asRecord(unit.payment_instruction).platform_fees;
    if (Array.isArray(fees)) {
      for (const fee of fees) {
        const feeAmount = asRecord(asRecord(fee).amount);
        if (feeAmount.currency_code !== amount.currency_code)
          throw unprocessable("PLATFORM_FEE_CURRENCY_MISMATCH", "The platform fee's currency must be the order's.");
        if (cents(String(feeAmount.value)) > cents(amount.value))
          throw unprocessable("PLATFORM_FEE_EXCEEDED", "The platform fee exceeds the amount.");
      }
    }
    const context = asRecord(asRecord(asRecord(body.payment_source).paypal).experience_context);
    const id = paypalId();
    const order: Obj = {
      id,
      intent: "CAPTURE",
      status: "PAYER_ACTION_REQUIRED",
      create_time: new Date().toISOString(),
      payment_source: { paypal: { email_address: asRecord(asRecord(body.payment_source).paypal).email_address } },
      purchase_units: [{ ...unit }],
      links: [
        { href: `${origin}/v2/checkout/orders/${id}`, rel: "self", method: "GET" },
        { href: `${origin}/checkoutnow?token=${id}`, rel: "payer-action", method: "GET" },
      ],
      _returnUrl: context.return_url,
      _cancelUrl: context.cancel_url,
      _decline: false,
    };
    orders.set(id, order);
    return order;
  }

  async function approveOrder(orderId: string, { decline = false }: { decline?: boolean } = {}) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    order.status = "APPROVED";
    order._decline = decline;
    await emit("CHECKOUT.ORDER.APPROVED", "checkout-order", orderView(order));
  }

  async function captureOrder(orderId: string): Promise<Obj> {
    const order = orders.get(orderId);
    if (!order) throw notFound(orderId);
    if (order.status === "COMPLETED")
      throw unprocessable(
        "ORDER_ALREADY_CAPTURED",
        "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    if (order.status !== "APPROVED")
      throw unprocessable("ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
    if (order._decline)
      throw unprocessable(
        "INSTRUMENT_DECLINED",
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    const unit = asRecord((order.purchase_units as unknown[])[0]);
    const amount = asRecord(unit.amount) as { currency_code: string; value: string };
    const fees = (asRecord(unit.payment_instruction).platform_fees as Record<string, unknown>[] | undefined) ?? [];
    const capture: Obj = {
      id: paypalId(),
      status: "COMPLETED",
      amount,
      final_capture: true,
      custom_id: unit.custom_id,
      invoice_id: unit.invoice_id,
      // Who was paid: the order's payee, else the platform's own account.
      payee: { merchant_id: asRecord(unit.payee).merchant_id ?? platformMerchantId },
      seller_receivable_breakdown: { gross_amount: amount, platform_fees: fees },
      supplementary_data: { related_ids: { order_id: order.id } },
      create_time: new Date().toISOString(),
      _payee: asRecord(unit.payee).merchant_id ?? null,
      _refunded: 0,
    };
    capture.links = [
      { href: `${origin}/v2/payments/captures/${capture.id}`, rel: "self", method: "GET" },
      { href: `${origin}/v2/payments/captures/${capture.id}/refund`, rel: "refund", method: "POST" },
      { href: `${origin}/v2/checkout/orders/${order.id}`, rel: "up", method: "GET" },
    ];
    captures.set(capture.id, capture);
    const { _payee, _refunded, ...captureView } = capture;
    unit.payments = { captures: [captureView] };
    order.status = "COMPLETED";
    await emit("PAYMENT.CAPTURE.COMPLETED", "capture", captureView);
    return order;
  }

  async function refundCapture(
    captureId: string,
    body: Record<string, unknown>,
    assertion: string | undefined,
  ): Promise<Obj> {
    const capture = captures.get(captureId);
    if (!capture) throw notFound(captureId);
    if (capture._payee) {
      const claims = assertion
        ? asRecord(JSON.parse(Buffer.from(assertion.split(".")[1] ?? "", "base64url").toString() || "{}"))
        : {};
      if (claims.payer_id !== capture._payee || claims.iss !== clientId) {
        throw new PayPalError(403, {
          name: "NOT_AUTHORIZED",
          message: "Authorization failed due to insufficient permissions.",
          debug_id: randomBytes(7).toString("hex"),
          details: [
            {
              issue: "PERMISSION_DENIED",
              description: "You do not have permission to access or perform operations on this resource.",
            },
          ],
        });
      }
    }
    const total = cents(asRecord(capture.amount).value as string);
    const remaining = total - (capture._refunded as number);
    if (remaining <= 0) throw unprocessable("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded.");
    const requested = body.amount ? cents(String(asRecord(body.amount).value)) : remaining;
    if (requested > remaining)
      throw unprocessable(
        "REFUND_AMOUNT_EXCEEDED",
        "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
      );
    capture._refunded = (capture._refunded as number) + requested;
    capture.status = capture._refunded === total ? "REFUNDED" : "PARTIALLY_REFUNDED";
    const currency = String(asRecord(capture.amount).currency_code);
    const refund: Obj = {
      id: paypalId(),
      status: "COMPLETED",
      amount: money(requested, currency),
      invoice_id: body.invoice_id,
      seller_payable_breakdown: {
        gross_amount: money(requested, currency),
        platform_fees: asRecord(body.payment_instruction).platform_fees ?? [],
        total_refunded_amount: money(capture._refunded as number, currency),
      },
      links: [
        { href: `${origin}/v2/payments/refunds/PLACEHOLDER`, rel: "self", method: "GET" },
        { href: `${origin}/v2/payments/captures/${capture.id}`, rel: "up", method: "GET" },
      ],
      create_time: new Date().toISOString(),
    };
    (refund.links as { href: string }[])[0]!.href = `${origin}/v2/payments/refunds/${refund.id}`;
    refunds.set(refund.id, refund);
    // The order's details list its payments' refunds beside its captures.
    const order = orders.get(String(asRecord(asRecord(capture.supplementary_data).related_ids).order_id));
    const payments = order ? asRecord(asRecord((order.purchase_units as unknown[])[0]).payments) : undefined;
    if (payments) payments.refunds = [...((payments.refunds as unknown[] | undefined) ?? []), structuredClone(refund)];
    await emit("PAYMENT.CAPTURE.REFUNDED", "refund", refund);
    return refund;
  }

  async function completeOnboarding(trackingId: string) {
    const merchantId = paypalId(13);
    merchants.set(merchantId, {
      id: merchantId,
      merchant_id: merchantId,
      tracking_id: trackingId,
      payments_receivable: true,
      primary_email_confirmed: true,
      oauth_integrations: [
        {
          integration_type: "OAUTH_THIRD_PARTY",
          integration_method: "PAYPAL",
          oauth_third_party: [
            {
              partner_client_id: clientId,
              merchant_client_id: paypalId(20),
              scopes: [
                "https://uri.paypal.com/services/payments/realtimepayment",
                "https://uri.paypal.com/services/payments/refund",
              ],
            },
          ],
        },
      ],
      products: [{ name: "EXPRESS_CHECKOUT", vetting_status: "SUBSCRIBED" }],
    });
    await emit("MERCHANT.ONBOARDING.COMPLETED", "merchant-onboarding", {
      merchant_id: merchantId,
      tracking_id: trackingId,
      partner_client_id: clientId,
    });
    return merchantId;
  }

  async function disputeEvent(type: string, captureId: string, outcome?: string) {
    await emit(type, "dispute", {
      dispute_id: `PP-D-${paypalId(5)}`,
      reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
      status: outcome ? "RESOLVED" : "OPEN",
      disputed_transactions: [{ seller_transaction_id: captureId }],
      ...(outcome ? { dispute_outcome: { outcome_code: outcome } } : {}),
    });
  }

  function bearerOk(header: string | undefined): boolean {
    const token = header?.match(/^Bearer (.+)$/)?.[1];
    const expires = token ? tokens.get(token) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  async function api(
    method: string,
    path: string,
    body: Record<string, unknown>,
    headers: Record<string, string | undefined>,
  ) {
    let match = path.match(/^\/v2\/checkout\/orders\/([^/]+)\/capture$/);
    if (method === "POST" && match) return { status: 201, body: orderView(await captureOrder(match[1]!)) };
    match = path.match(/^\/v2\/checkout\/orders\/([^/]+)$/);
    if (method === "GET" && match) {
      const order = orders.get(match[1]!);
      if (!order) throw notFound(match[1]!);
      return { status: 200, body: orderView(order) };
    }
    if (method === "POST" && path === "/v2/checkout/orders") return { status: 200, body: orderView(createOrder(body)) };
    match = path.match(/^\/v2\/payments\/captures\/([^/]+)$/);
    if (method === "GET" && match) {
      const capture = captures.get(match[1]!);
      if (!capture) throw notFound(match[1]!);
      const { _payee, _refunded, ...view } = capture;
      return { status: 200, body: view };
    }
    match = path.match(/^\/v2\/payments\/refunds\/([^/]+)$/);
    if (method === "GET" && match) {
      const refund = refunds.get(match[1]!);
      if (!refund) throw notFound(match[1]!);
      return { status: 200, body: refund };
    }
    match = path.match(/^\/v2\/payments\/captures\/([^/]+)\/refund$/);
    if (method === "POST" && match)
      return { status: 201, body: await refundCapture(match[1]!, body, headers["paypal-auth-assertion"]) };
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      for (const field of [
        "auth_algo",
        "cert_url",
        "transmission_id",
        "transmission_sig",
        "transmission_time",
        "webhook_id",
        "webhook_event",
      ]) {
        if (!body[field])
          throw invalidRequest(`/${field}`, "MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.");
      }
      const delivery = sent.get(String(body.transmission_id));
      const genuine =
        delivery !== undefined &&
        body.webhook_id === webhookId &&
        body.transmission_time === delivery.time &&
        body.transmission_sig === delivery.signature &&
        JSON.stringify(body.webhook_event) === delivery.body;
      return { status: 200, body: { verification_status: genuine ? "SUCCESS" : "FAILURE" } };
    }
    if (method === "POST" && path === "/v2/customer/partner-referrals") {
      const trackingId = String(body.tracking_id ?? "");
      const returnUrl = String(asRecord(body.partner_config_override).return_url ?? "");
      if (!trackingId)
        throw invalidRequest("/tracking_id", "MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.");
      const id = randomBytes(24).toString("base64url");
      referrals.set(id, { trackingId, returnUrl, email: body.email as string | undefined });
      return {
        status: 201,
        body: {
          links: [
            {
              href: `${origin}/v2/customer/partner-referrals/${id}`,
              rel: "self",
              method: "GET",
              description: "Read Referral Data shared by the Caller.",
            },
            {
              href: `${origin}/bizsignup/partner/entry?referralToken=${id}`,
              rel: "action_url",
              method: "GET",
              description: "Target WEB REDIRECT URL for the next action.",
            },
          ],
        },
      };
    }
    match = path.match(/^\/v1\/customer\/partners\/([^/]+)\/merchant-integrations(?:\/([^/?]+))?(?:\?.*)?$/);
    if (method === "GET" && match) {
      if (match[1] !== partnerId) throw notFound(match[1]!);
      if (!match[2]) {
        const tracking = new URL(path, origin).searchParams.get("tracking_id") ?? String(body.tracking_id ?? "");
        const merchant = [...merchants.values()].find((m) => m.tracking_id === tracking);
        if (!merchant) throw notFound(tracking);
        return { status: 200, body: { merchant_id: merchant.merchant_id, tracking_id: tracking } };
      }
      const merchant = merchants.get(match[2]);
      if (!merchant) throw notFound(match[2]);
      const { id, ...view } = merchant;
      return { status: 200, body: view };
    }
    throw notFound(path);
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", origin);
    const method = req.method ?? "GET";
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "paypal-debug-id": randomBytes(7).toString("hex") });
      res.end(JSON.stringify(body));
    };
    try {
      if (url.pathname === "/v1/oauth2/token" && method === "POST") {
        const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
        if (req.headers.authorization !== expected)
          return send(401, { error: "invalid_client", error_description: "Client Authentication failed" });
        if (new URLSearchParams(text).get("grant_type") !== "client_credentials")
          return send(400, { error: "unsupported_grant_type", error_description: "Grant Type is NULL" });
        const token = `A21AA${randomBytes(30).toString("base64url")}`;
        tokens.set(token, Date.now() + standIn.tokenLifetime * 1000);
        standIn.tokensIssued += 1;
        return send(200, {
          scope: "https://uri.paypal.com/services/payments/payment",
          access_token: token,
          token_type: "Bearer",
          app_id: "APP-80W284485P519543T",
          expires_in: standIn.tokenLifetime,
          nonce: randomUUID(),
        });
      }
      if (!bearerOk(req.headers.authorization))
        return send(401, { error: "invalid_token", error_description: "Token signature verification failed" });
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v]),
      );
      const body = text ? asRecord(JSON.parse(text)) : {};
      standIn.requests.push({ method, path: url.pathname + url.search, body, headers });
      const requestId = headers["paypal-request-id"];
      const key = requestId ? `${method} ${url.pathname} ${requestId}` : undefined;
      const earlier = key ? idempotent.get(key) : undefined;
      const dropsAnswer =
        standIn.dropRefundAnswers &&
        method === "POST" &&
        /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(url.pathname);
      if (earlier) {
        if (dropsAnswer) return req.socket.destroy();
        res.writeHead(earlier.status, { "content-type": "application/json" });
        return res.end(earlier.body);
      }
      const answer = await api(method, url.pathname + url.search, body, headers);
      if (key) idempotent.set(key, { status: answer.status, body: JSON.stringify(answer.body) });
      if (dropsAnswer) return req.socket.destroy();
      send(answer.status, answer.body);
    } catch (error) {
      if (error instanceof PayPalError) return send(error.status, error.body);
      send(500, { name: "INTERNAL_SERVER_ERROR", message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: PayPalStandIn = {
    origin,
    clientId,
    clientSecret,
    webhookId,
    partnerId,
    requests: [],
    deliveries: [],
    tokensIssued: 0,
    tokenLifetime: 32_400,
    webhookUrl: options.webhookUrl,
    orders,
    captures,
    merchants,
    refunds,
    dropRefundAnswers: false,
    env: {
      PAYPAL_CLIENT_ID: clientId,
      PAYPAL_CLIENT_SECRET: clientSecret,
      PAYPAL_WEBHOOK_ID: webhookId,
      PAYPAL_API_URL: origin,
      PAYPAL_PARTNER_ID: partnerId,
    },
    approveOrder,
    completeOnboarding,
    openDispute: (captureId) => disputeEvent("CUSTOMER.DISPUTE.CREATED", captureId),
    resolveDispute: (captureId, outcome) => disputeEvent("CUSTOMER.DISPUTE.RESOLVED", captureId, outcome),
    revokeConsent: (merchantId) =>
      emit("MERCHANT.PARTNER-CONSENT.REVOKED", "partner-consent", {
        merchant_id: merchantId,
        tracking_id: merchants.get(merchantId)?.tracking_id,
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
