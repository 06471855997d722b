import QRCode from "qrcode";
import { twoFactor } from "~/domains/security/tables.server";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import type { AppServices } from "~/server/services.server";
import { reauthenticate } from "~/kernel/session/reauthenticate.server";
import { encryptTotpSecret, newTotpSecret, totpUri } from "./two-factor-crypto.server";
import { isTwoFactorEnabled } from "./is-two-factor-enabled.server";
import { type Failure, fail } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";

/** The QR code's size in pixels. */
export const QR_CODE_SIZE = 200;

export type TwoFactorSetup = { secret: string; qrCodeUrl: string; otpauthUrl: string };

export type StartTwoFactorSetupResult =
  | { ok: true; setup: TwoFactorSetup }
  | Failure<
      | "CURRENT_PASSWORD_REQUIRED"
      | "CURRENT_PASSWORD_WRONG"
      | "REAUTHENTICATION_RATE_LIMITED"
      | "SESSION_TOO_OLD"
      | "TWO_FACTOR_ALREADY_ENABLED"
    >;

/**
 * Setup step 1, after re-authentication: a new secret stored encrypted, not yet enabled, and sent in this response
 * only.
 */
export async function startTwoFactorSetup(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  password: string | undefined,
): Promise<StartTwoFactorSetupResult> {
  const { db, env } = services;
  const proof = await reauthenticate(services, ctx, user, password, "enable_2fa");
  if (!proof.ok) return proof;
  if (await isTwoFactorEnabled(db, user.id)) return fail("TWO_FACTOR_ALREADY_ENABLED");

  const secret = newTotpSecret();
  const secretEncrypted = await encryptTotpSecret(env.AUTH_SECRET!, secret);
  await db
    .insert(twoFactor)
    .values({
      userId: user.id,
      secretEncrypted,
      enabledAt: null,
      lastUsedStep: null,
      failedAttempts: 0,
      lockedUntil: null,
    })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secretEncrypted, enabledAt: null, lastUsedStep: null, failedAttempts: 0, lockedUntil: null },
    });
  const otpauthUrl = totpUri(secret, user.email);
  const svg = await QRCode.toString(otpauthUrl, {
    type: "svg",
    width: QR_CODE_SIZE,
    margin: 1,
    errorCorrectionLevel: "M",
  });
  return {
    ok: true,
    setup: { secret, otpauthUrl, qrCodeUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` },
  };
}
