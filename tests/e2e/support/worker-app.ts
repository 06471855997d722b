import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import pg from "pg";
import { createEmptyPostgresDatabase } from "../../support/test-database";
import { TEMPLATE_DATABASE_ENV } from "../../support/postgres-for-tests";
import { startStripeStandIn, type StripeStandIn } from "../../support/stripe-stand-in";
import {
  E2E_ERROR_REPORTS_DSN,
  E2E_HCAPTCHA,
  E2E_HCAPTCHA_APP_PORT,
  E2E_HCAPTCHA_PORT,
  E2E_OIDC_CLIENT,
  E2E_OIDC_PORT,
  E2E_SMTP_PORT,
  e2eAppPort,
} from "../../support/e2e-ports";

/** The signing secret of the workers' servers: the tests sign session cookies with it (createCreator). */
export const E2E_AUTH_SECRET = "sellkit-e2e-auth-secret-0123456789abcdef";

/** An app server the tests start: the production build on its own port, with its own database. */
export type AppServer = {
  origin: string;
  databaseUrl: string;
  /** A small pool on the app's database, for tests that make rows directly (a signed-in creator). */
  pool: pg.Pool;
  stop: () => Promise<void>;
};

/** One Playwright worker's own app. */
export type WorkerApp = AppServer & {
  /** The worker's own Stripe stand-in (the app's STRIPE_* settings point at it). */
  stripe: StripeStandIn;
};

let current: WorkerApp | undefined;

/** The app of this worker process (set up by the `app` worker fixture in ./test.ts). */
export function workerApp(): WorkerApp {
  if (!current) throw new Error("no worker app: use `test` from tests/e2e/support/test.ts");
  return current;
}

async function waitUntilServing(origin: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app server exited with ${child.exitCode}:\n${output()}`);
    const answer = await fetch(`${origin}/robots.txt`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the app server did not answer on ${origin} within 60 s:\n${output()}`);
}

/**
 * Starts the production build for worker `slot` (its parallel index): a copy of the run's migrated template
 * database (made by the global setup), a fresh data folder, mail to the local SMTP stand-in, Google at the
 * local OpenID provider and error reports to the local stand-in.
 */
export async function startWorkerApp(slot: number): Promise<WorkerApp> {
  const stripe = await startStripeStandIn();
  const app = await startAppServer(e2eAppPort(slot), `w${slot}`, {
    TRUSTED_PROXIES: "loopback",
    SUPPORT_EMAIL: "support@sellkit.test",
    GOOGLE_CLIENT_ID: E2E_OIDC_CLIENT.id,
    GOOGLE_CLIENT_SECRET: E2E_OIDC_CLIENT.secret,
    GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${E2E_OIDC_PORT}/.well-known/openid-configuration`,
    // Server and browser errors go to the local error-reporting stand-in (Sentry's envelope protocol).
    SENTRY_DSN: E2E_ERROR_REPORTS_DSN,
    SENTRY_BROWSER_DSN: E2E_ERROR_REPORTS_DSN,
    // Stripe at the worker's own stand-in.
    ...stripe.env,
  });
  current = { ...app, stripe, stop: () => app.stop().finally(() => stripe.close()) };
  return current;
}

/**
 * The second app instance, for worker `slot`: captcha by hCaptcha (the local stand-in), no Google client
 * configured (its sign-in start fails as the spec says), on a copy of the template database like the worker's
 * own app — started only by the tests that use it (the `hcaptchaApp` fixture), on E2E_HCAPTCHA_APP_PORT + slot.
 */
export async function startHCaptchaApp(slot: number): Promise<AppServer> {
  return startAppServer(E2E_HCAPTCHA_APP_PORT + slot, `hcaptcha-w${slot}`, {
    CAPTCHA_PROVIDER: "hcaptcha",
    HCAPTCHA_SITE_KEY: E2E_HCAPTCHA.siteKey,
    HCAPTCHA_SECRET: E2E_HCAPTCHA.secret,
    HCAPTCHA_SCRIPT_URL: `http://127.0.0.1:${E2E_HCAPTCHA_PORT}/1/api.js`,
    HCAPTCHA_VERIFY_URL: `http://127.0.0.1:${E2E_HCAPTCHA_PORT}/siteverify`,
  });
}

/** The production build on `port`, on its own copy of the template database and a fresh data folder. */
async function startAppServer(port: number, label: string, env: Record<string, string>): Promise<AppServer> {
  const origin = `http://127.0.0.1:${port}`;
  const database = await createEmptyPostgresDatabase(undefined, process.env[TEMPLATE_DATABASE_ENV]);
  const dataDir = `/tmp/sellkit-e2e-${process.pid}-${label}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ["build/runtime/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      // As it runs in production (React's production build, production logging and headers), with the built-in
      // test payment provider switched on as a fresh install's operator would (SPEC: fresh installs sell).
      NODE_ENV: "production",
      PAYMENTS_TEST_MODE: "on",
      AUTH_SECRET: E2E_AUTH_SECRET,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-8_000);
  });
  await waitUntilServing(origin, child, () => errors);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  return {
    origin,
    databaseUrl: database.url,
    pool,
    async stop() {
      await pool.end();
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
      await database.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
