import type { PayPalMoney } from "./paypal-amounts.server";

// A small client of PayPal's REST API: cached client-credentials tokens and JSON requests against PAYPAL_API_URL.
// No SDK: PayPal's Node SDKs are deprecated or beta.

export const PAYPAL_LIVE_API_URL = "https://api-m.paypal.com";

/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 20_000;

/** PayPal's error answer: `{ name, message, debug_id, details: [{ issue, description }] }` (or OAuth's `error`). */
export class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly name: string,
    /** The first detail's issue (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED…), else the error's name. */
    readonly issue: string,
    message: string,
    readonly debugId?: string,
  ) {
    super(message);
  }
}

export type PayPalRequest = {
  method?: "GET" | "POST" | "PATCH";
  body?: unknown;
  /** PayPal-Request-Id: PayPal answers a repeated request with this id with the first answer. */
  requestId?: string;
  /** PayPal-Auth-Assertion: the call is made on behalf of this merchant (a platform refunding a seller's capture). */
  onBehalfOf?: string;
};

export type PayPalClient = {
  request<T>(path: string, request?: PayPalRequest): Promise<T>;
  clientId: string;
};

/** A HATEOAS link of a PayPal answer (approve, payer-action, up, action_url…). */
export type PayPalLink = { href: string; rel: string; method?: string };

/** A captured payment, as PayPal's captures API and its webhooks describe it. */
export type PayPalCapture = {
  id: string;
  status: string;
  amount?: PayPalMoney;
  custom_id?: string;
  /** Who was paid: the seller's merchant id (the platform's own when the order named no payee). */
  payee?: { merchant_id?: string; email_address?: string };
  supplementary_data?: { related_ids?: { order_id?: string } };
  status_details?: { reason?: string };
  links?: PayPalLink[];
};

/** A refund of a capture, as PayPal's refunds API and its webhooks describe it. */
export type PayPalRefund = {
  id: string;
  status: string;
  amount?: PayPalMoney;
  links?: PayPalLink[];
  seller_payable_breakdown?: { total_refunded_amount?: PayPalMoney };
};

type ErrorBody = {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue?: string; description?: string }[];
  error?: string;
  error_description?: string;
};

/** PayPal-Auth-Assertion: an unsigned JWT naming the platform (iss) and the merchant acted for (payer_id). */
export function authAssertion(clientId: string, merchantId: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${encode({ alg: "none" })}.${encode({ iss: clientId, payer_id: merchantId })}.`;
}

export function createPayPalClient({
  clientId,
  clientSecret,
  apiUrl,
}: {
  clientId: string;
  clientSecret: string;
  apiUrl?: string;
}): PayPalClient {
  const base = (apiUrl ?? PAYPAL_LIVE_API_URL).replace(/\/+$/, "");
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const response = await fetch(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
    } & ErrorBody;
    if (!response.ok || !body.access_token) {
      throw new PayPalApiError(
        response.status,
        body.error ?? "AUTHENTICATION_FAILURE",
        body.error ?? "AUTHENTICATION_FAILURE",
        body.error_description ?? "PayPal refused the credentials",
      );
    }
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 0) * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  /** The cached token, or a new one (concurrent callers share one token request). */
  function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function send(path: string, request: PayPalRequest, bearer: string): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${bearer}`,
      accept: "application/json",
      prefer: "return=representation",
    };
    if (request.body !== undefined) headers["content-type"] = "application/json";
    if (request.requestId) headers["paypal-request-id"] = request.requestId;
    if (request.onBehalfOf) headers["paypal-auth-assertion"] = authAssertion(clientId, request.onBehalfOf);
    return fetch(`${base}${path}`, {
      method: request.method ?? "GET",
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }

  return {
    clientId,
    async request<T>(path: string, request: PayPalRequest = {}): Promise<T> {
      let response = await send(path, request, await accessToken());
      if (response.status === 401) {
        // The token was revoked or expired early: one new token, one retry.
        token = null;
        response = await send(path, request, await accessToken());
      }
      const text = await response.text();
      const body = text ? (JSON.parse(text) as unknown) : {};
      if (!response.ok) {
        const error = body as ErrorBody;
        const name = error.name ?? error.error ?? `HTTP_${response.status}`;
        throw new PayPalApiError(
          response.status,
          name,
          error.details?.[0]?.issue ?? name,
          error.details?.[0]?.description ?? error.message ?? name,
          error.debug_id,
        );
      }
      return body as T;
    },
  };
}
