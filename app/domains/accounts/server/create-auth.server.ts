import { betterAuth, getCurrentAdapter } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { magicLink } from "better-auth/plugins/magic-link";
import type { Database } from "~/db/database.server";
import { account, rateLimit, session, user, verification } from "~/kernel/session/tables.server";
import { profiles } from "~/kernel/store/tables.server";
import { type Env, servedOverHttps } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { mailTemplates } from "~/server/mail/templates.server";
import { assessSignInRisk } from "~/domains/security/server/assess-sign-in-risk.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { isCommonPassword, COMMON_PASSWORD_MESSAGE } from "./is-common-password.server";
import { markOAuthReturn } from "./oauth-return.server";
import { RESET_LINK_PREFIX, revokeAccountLinks } from "./revoke-account-links.server";
import { CLIENT_IP_HEADER, SESSION_COOKIE_PREFIX } from "~/server/http/session-cookie.server";
import { withTransactions } from "./transactional-auth.server";

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const MAGIC_LINK_TTL_SECONDS = 5 * 60;
const PASSWORD_SETTING_PATHS = new Set(["/sign-up/email", "/reset-password", "/change-password", "/set-password"]);
export const DEFAULT_GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";

type Deps = { db: Database; env: Env; mailer: Mailer; logger: Logger };

/** The path a sign-in came through, for the security event. */
function signInMethod(path: string | undefined): string {
  if (!path) return "unknown";
  if (path.startsWith("/magic-link")) return "magic_link";
  if (path.startsWith("/callback") || path.startsWith("/oauth2")) return "oauth";
  if (path.startsWith("/verify-email")) return "email_verification";
  if (path.startsWith("/sign-in/email")) return "password";
  return path.replace(/^\//, "").replace(/\W+/g, "_");
}

/** better-auth configured for Sellkit; one instance per server, created at start-up. */
export function createAuth({ db, env, mailer }: Deps) {
  const secureCookies = servedOverHttps(env);
  // Mail is queued in the transaction of its change, so a link is never live unmailed and no change lacks its notice.
  const send = (message: Parameters<Mailer["send"]>[0]) => mailer.send(message);

  const socialProviders: Record<string, { clientId: string; clientSecret: string }> = {};
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET)
    socialProviders.facebook = { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET };
  if (env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET)
    socialProviders.apple = { clientId: env.APPLE_CLIENT_ID, clientSecret: env.APPLE_CLIENT_SECRET };

  const auth = betterAuth({
    appName: "Sellkit",
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.APP_URL],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, rateLimit } }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => send(mailTemplates.resetPassword(user.email, url)),
      onPasswordReset: async ({ user }, request) => {
        await send(mailTemplates.passwordChanged(user.email, new Date()));
        await recordSecurityEvent(
          db,
          {
            userId: user.id,
            eventType: "password_reset",
            eventCategory: "account",
            severity: "high",
            riskScore: 6,
            details: { method: "email_link" },
          },
          {
            ipAddress: request?.headers.get(CLIENT_IP_HEADER) ?? undefined,
            userAgent: request?.headers.get("user-agent") ?? undefined,
          },
        );
      },
      onExistingUserSignUp: async ({ user }) =>
        send(mailTemplates.existingAccountSignUp(user.email, `${env.APP_URL}/auth`)),
    },
    emailVerification: {
      sendOnSignUp: true,
      // A right password on an unverified account mails the verification link again.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60,
      // Also mails an email change's link to the new address, which `user.email` holds here.
      sendVerificationEmail: async ({ user, url, token }) =>
        send(
          isEmailChangeToken(token)
            ? mailTemplates.confirmEmailChange(user.email, url)
            : mailTemplates.verifyEmail(user.email, url),
        ),
    },
    user: {
      // Without `sendChangeEmailConfirmation` better-auth mails the new address and changes the email when that link is
      // opened. Account deletion is the app's own transaction, so deleteUser stays off.
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: 24 * 60 * 60,
      cookieCache: { enabled: false }, // revocation must take effect on the next request
    },
    account: { accountLinking: { enabled: true, disableImplicitLinking: true, trustedProviders: [] } },
    rateLimit: { enabled: true, storage: "database", window: 60, max: 60 },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: secureCookies,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    socialProviders,
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_TTL_SECONDS,
        disableSignUp: true,
        storeToken: "hashed",
        sendMagicLink: async ({ email, token }) =>
          send(mailTemplates.magicLink(email, `${env.APP_URL}/verify?token=${encodeURIComponent(token)}`)),
      }),
      ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  discoveryUrl: env.GOOGLE_DISCOVERY_URL ?? DEFAULT_GOOGLE_DISCOVERY_URL,
                  clientId: env.GOOGLE_CLIENT_ID,
                  clientSecret: env.GOOGLE_CLIENT_SECRET,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  accessType: "offline",
                  prompt: "consent",
                },
              ],
            }),
          ]
        : []),
    ],
    hooks: {
      // Common passwords are refused wherever a password is set.
      before: createAuthMiddleware(async (ctx) => {
        if (PASSWORD_SETTING_PATHS.has(ctx.path)) {
          const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown };
          const candidate = typeof body.newPassword === "string" ? body.newPassword : body.password;
          if (typeof candidate === "string") assertNotCommonPassword(candidate);
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            const [firstName, ...rest] = (created.name ?? "").trim().split(/\s+/);
            await db
              .insert(profiles)
              .values({ userId: created.id, firstName: firstName || null, lastName: rest.join(" ") || null })
              .onConflictDoNothing();
          },
        },
        update: {
          // An email change ends the links mailed to the old address.
          before: async (data, ctx) => {
            if (ctx?.path !== "/verify-email" || typeof data.email !== "string") return;
            const userId = emailChangeTokenUserId(typeof ctx.query?.token === "string" ? ctx.query.token : "");
            if (userId) await revokeAccountLinks(await getCurrentAdapter(ctx.context.adapter), userId);
          },
          after: async (updated, ctx) => {
            const token = typeof ctx?.query?.token === "string" ? ctx.query.token : "";
            if (ctx?.path !== "/verify-email" || !isEmailChangeToken(token)) return;
            const headers = ctx.request?.headers;
            await recordSecurityEvent(
              db,
              {
                userId: updated.id,
                eventType: "email_changed",
                eventCategory: "account",
                severity: "high",
                riskScore: 5,
              },
              {
                ipAddress: headers?.get(CLIENT_IP_HEADER) ?? undefined,
                userAgent: headers?.get("user-agent") ?? undefined,
              },
            );
          },
        },
      },
      account: {
        update: {
          // A password change in settings ends the reset and magic links mailed before it.
          before: async (data, ctx) => {
            const userId = ctx?.context.session?.user.id;
            if (typeof data.password === "string" && userId)
              await revokeAccountLinks(await getCurrentAdapter(ctx.context.adapter), userId);
          },
        },
      },
      verification: {
        delete: {
          // A reset consumes its link and every other reset and magic link of the account.
          before: async (row, ctx) => {
            if (ctx?.path !== "/reset-password" || !row.identifier.startsWith(RESET_LINK_PREFIX)) return;
            await revokeAccountLinks(await getCurrentAdapter(ctx.context.adapter), row.value, { exceptId: row.id });
          },
        },
      },
      session: {
        create: {
          after: async (created, ctx) => {
            const meta = { ipAddress: created.ipAddress ?? undefined, userAgent: created.userAgent ?? undefined };
            const risk = await assessSignInRisk(db, {
              userId: created.userId,
              ipAddress: created.ipAddress,
              userAgent: created.userAgent,
            });
            const method = signInMethod(ctx?.path);
            if (method === "oauth") await markOAuthReturn(db, created.id);
            await recordSecurityEvent(
              db,
              {
                userId: created.userId,
                eventType: "sign_in_success",
                eventCategory: "authentication",
                severity: risk.riskScore >= 5 ? "medium" : "low",
                riskScore: risk.riskScore,
                details: { method, newDevice: risk.newDevice, newIp: risk.newIp },
              },
              meta,
            );
            if (risk.newDevice) {
              await recordSecurityEvent(
                db,
                {
                  userId: created.userId,
                  eventType: "new_device_sign_in",
                  eventCategory: "authentication",
                  severity: "medium",
                  riskScore: risk.riskScore,
                  details: { method, newIp: risk.newIp },
                },
                meta,
              );
            }
          },
        },
      },
    },
  });
  return withTransactions(auth, db);
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Whether a verification token's payload marks an email change; only the mail's wording depends on it, as better-auth
 * verifies the token later.
 */
function isEmailChangeToken(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      requestType?: unknown;
      updateTo?: unknown;
    };
    return payload.requestType === "change-email-verification" || typeof payload.updateTo === "string";
  } catch {
    return false;
  }
}

/** The user an email-change token (already verified by better-auth when the hook runs) was issued for. */
function emailChangeTokenUserId(token: string): string | null {
  if (!isEmailChangeToken(token)) return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      userId?: unknown;
    };
    return typeof payload.userId === "string" ? payload.userId : null;
  } catch {
    return null;
  }
}

/** Rejects a common password the way better-auth rejects others (400 with our message). */
export function assertNotCommonPassword(password: string) {
  if (isCommonPassword(password)) throw new APIError("BAD_REQUEST", { message: COMMON_PASSWORD_MESSAGE });
}
