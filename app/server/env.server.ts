import { z } from "zod";
import { parseDsn } from "~/lib/error-reporting/error-reporter";

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\/.+/.test(value), "must be a postgres:// or postgresql:// URL");

const smtpUrl = z
  .string()
  .trim()
  .refine((value) => /^smtps?:\/\/.+/.test(value), "must be an smtp:// or smtps:// URL");

/** A Sentry DSN, naming an error-reporting service's envelope endpoint. */
const sentryDsn = z
  .string()
  .trim()
  .refine((value) => parseDsn(value) !== null, "must be a DSN like https://<public key>@<host>/<project id>")
  .optional()
  .or(z.literal("").transform(() => undefined));

/** Every setting of the runtime contract; unknown variables are ignored. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Loopback by default, so a development server is not reachable from the network.
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: postgresUrl.optional().or(z.literal("").transform(() => undefined)),
    APP_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    AUTH_SECRET: z
      .string()
      .min(32, "must be at least 32 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    SMTP_URL: smtpUrl.optional().or(z.literal("").transform(() => undefined)),
    MAIL_FROM: z.string().trim().min(3).default("Sellkit <no-reply@sellkit.local>"),
    SUPPORT_EMAIL: z.email().default("support@sellkit.local"),
    CAPTCHA_PROVIDER: z.enum(["altcha", "hcaptcha"]).default("altcha"),
    HCAPTCHA_SITE_KEY: optionalString,
    HCAPTCHA_SECRET: optionalString,
    HCAPTCHA_VERIFY_URL: z.preprocess((v) => v || undefined, z.url().default("https://api.hcaptcha.com/siteverify")),
    HCAPTCHA_SCRIPT_URL: z.preprocess((v) => v || undefined, z.url().default("https://js.hcaptcha.com/1/api.js")),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_DISCOVERY_URL: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    FACEBOOK_CLIENT_ID: optionalString,
    FACEBOOK_CLIENT_SECRET: optionalString,
    APPLE_CLIENT_ID: optionalString,
    APPLE_CLIENT_SECRET: optionalString,
    TRUSTED_PROXIES: optionalString,
    // The server's error-reporting service, then the browser's (public).
    SENTRY_DSN: sentryDsn,
    SENTRY_BROWSER_DSN: sentryDsn,
    // Product files in an S3-compatible bucket instead of DATA_DIR, so instances share them.
    S3_BUCKET: optionalString,
    /** The service's address (path-style); AWS's regional endpoint when absent. */
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    // The test provider: on by default outside production, in production only with "on".
    PAYMENTS_TEST_MODE: z.enum(["auto", "on", "off"]).default("auto"),
    // The billing test provider of Sellkit's own plans; `auto` follows PAYMENTS_TEST_MODE.
    BILLING_TEST_MODE: z.enum(["auto", "on", "off"]).default("auto"),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** Where the Stripe SDK sends requests; tests point it at the stand-in. */
    STRIPE_API_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** PayPal; its API base is the live one when empty. */
    PAYPAL_CLIENT_ID: optionalString,
    PAYPAL_CLIENT_SECRET: optionalString,
    PAYPAL_WEBHOOK_ID: optionalString,
    /** The platform's PayPal partner id, needed for seller onboarding. */
    PAYPAL_PARTNER_ID: optionalString,
    PAYPAL_API_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // Seconds a store page is served from memory (0: never).
    STORE_PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
    // Store page view counting; off only for benchmarks.
    VIEW_COUNTING: z.enum(["on", "off"]).default("on"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required when NODE_ENV=production" });
    }
    if (env.S3_BUCKET) {
      for (const name of ["S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when S3_BUCKET is set" });
      }
    } else if (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_BUCKET"],
        message: "is required when the other S3_* settings are set",
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "is required when STRIPE_SECRET_KEY is set",
      });
    }
    if (
      (env.PAYPAL_CLIENT_ID || env.PAYPAL_CLIENT_SECRET) &&
      !(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYPAL_CLIENT_ID"],
        message: "PayPal needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID",
      });
    }
    if (env.CAPTCHA_PROVIDER === "hcaptcha" && (!env.HCAPTCHA_SITE_KEY || !env.HCAPTCHA_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["CAPTCHA_PROVIDER"],
        message: "hcaptcha needs HCAPTCHA_SITE_KEY and HCAPTCHA_SECRET",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { APP_URL: string };

export class EnvError extends Error {}

/** Validates the environment, naming each bad variable on one line. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "environment"} ${issue.message}`);
    throw new EnvError(`Invalid environment: ${problems.join("; ")}`);
  }
  const env = result.data;
  return { ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "") };
}

/** Whether APP_URL is HTTPS, for secure cookies and upgrade-insecure-requests. */
export function servedOverHttps(env: Pick<Env, "APP_URL">): boolean {
  return env.APP_URL.startsWith("https://");
}
