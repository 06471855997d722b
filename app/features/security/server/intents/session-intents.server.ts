import { data } from "react-router";
import type { CurrentUser } from "~/kernel/session/get-current-user.server";
import type { AppServices } from "~/server/services.server";
import { cleanupSecurityData } from "../cleanup-security-data.server";
import { terminateOtherSessions } from "../terminate-other-sessions.server";
import { terminateSession } from "../terminate-session.server";
import type { RequestContext } from "~/server/http/request-context.server";

/** Terminate one of the user's other sessions; someone else's or an unknown id answers 404. */
export async function terminateSessionIntent(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  formData: FormData,
) {
  const sessionId = String(formData.get("sessionId") ?? "").slice(0, 200);
  const ended = sessionId ? await terminateSession(services, ctx, user, sessionId) : false;
  return ended
    ? {
        intent: "terminate-session" as const,
        ok: true,
        toast: { type: "success" as const, title: "Session terminated successfully" },
      }
    : data(
        {
          intent: "terminate-session" as const,
          ok: false,
          toast: { type: "error" as const, title: "Failed to terminate session" },
        },
        { status: 404 },
      );
}

/** 'Sign out all other sessions'. */
export async function terminateOtherSessionsIntent(services: AppServices, ctx: RequestContext, user: CurrentUser) {
  const count = await terminateOtherSessions(services, ctx, user);
  return {
    intent: "terminate-other-sessions" as const,
    ok: true,
    toast: {
      type: "success" as const,
      title: count === 1 ? "1 other session signed out" : `${count} other sessions signed out`,
    },
  };
}

/** 'Cleanup Data'. */
export async function cleanupDataIntent(services: AppServices, ctx: RequestContext, user: CurrentUser) {
  try {
    await cleanupSecurityData(services, ctx, user);
    return {
      intent: "cleanup-data" as const,
      ok: true,
      toast: {
        type: "success" as const,
        title: "Data cleanup completed. For full account deletion, please contact support.",
      },
    };
  } catch (error) {
    services.logger.error({ err: error }, "security data cleanup failed");
    return data(
      {
        intent: "cleanup-data" as const,
        ok: false,
        toast: { type: "error" as const, title: "Failed to process data deletion request" },
      },
      { status: 503 },
    );
  }
}
