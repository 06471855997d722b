import { Loader2 } from "lucide-react";
import { Suspense, useEffect } from "react";
import { Await } from "react-router";
import { AuditCard } from "~/domains/security/components/audit-card";
import { EventsPanel } from "~/domains/security/components/events-panel";
import { PrivacyCard } from "~/domains/security/components/privacy-card";
import { SecurityStatusCard } from "~/domains/security/components/security-status-card";
import { SessionsPanel } from "~/domains/security/components/sessions-panel";
import { TwoFactorCard, type TwoFactorActionData } from "~/domains/security/components/two-factor-card";
import { useLiveSecurityEvents, type LiveEvent } from "~/domains/security/components/use-live-security-events";
import { BackLink } from "~/components/ui/back-link";
import { DeferredError } from "~/components/ui/deferred-error";
import { pageMeta } from "~/lib/meta";
import { SECURITY_EVENT_RETENTION_DAYS } from "~/domains/security/security-format";
import { showToast } from "~/lib/toast";
import { requireUser } from "~/routes/http/require-user.server";
import { securityOverviewQuery, type SecurityOverview } from "~/domains/security/server/security-overview-query.server";
import type { Route } from "./+types/security-settings";
import { answerSecurityForm } from "./security-settings.server";
import { requestContext } from "~/server/http/request-context.server";
import { readFormData } from "~/server/http/read-form-data.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Security settings", description: "Two-factor, sessions and security events." }),
  { name: "robots", content: "noindex" },
];

/** Protected; the session check and the whole overview are one statement. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { page: overview } = await requireUser(context.services, requestContext(request), {
    batch: context,
    page: securityOverviewQuery,
  });
  return { overview: Promise.resolve(overview), renderedAt: Date.now() };
}

/** One action, several forms: `intent` picks the verb; the user is always the session's. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context.services, requestContext(request));
  const formData = await readFormData(request);
  return answerSecurityForm({ services: context.services, ctx: requestContext(request), user, formData });
}

type Overview = SecurityOverview;

export default function SecuritySettings({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData && "toast" in actionData && actionData.toast) showToast(actionData.toast);
  }, [actionData]);
  const twoFactorAction: TwoFactorActionData = {
    enable: actionData?.intent === "enable-2fa" ? actionData : undefined,
    verify: actionData?.intent === "verify-2fa" ? actionData : undefined,
    disable: actionData?.intent === "disable-2fa" ? actionData : undefined,
  };
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <BackLink to="/dashboard">Back to dashboard</BackLink>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Security settings</h1>
      </div>
      <Suspense
        fallback={
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Loader2 aria-hidden="true" className="size-5 animate-spin" /> Loading security settings...
          </p>
        }
      >
        <Await
          resolve={loaderData.overview}
          errorElement={
            <DeferredError
              toastTitle="Failed to load security events"
              message="Failed to load security settings. Please reload the page to try again."
            />
          }
        >
          {(overview) => (
            <SecurityCards overview={overview} renderedAt={loaderData.renderedAt} twoFactorAction={twoFactorAction} />
          )}
        </Await>
      </Suspense>
    </div>
  );
}

function SecurityCards({
  overview,
  renderedAt,
  twoFactorAction,
}: {
  overview: Overview;
  renderedAt: number;
  twoFactorAction: TwoFactorActionData;
}) {
  const { events, connected } = useLiveSecurityEvents(overview.events as LiveEvent[]);
  return (
    <>
      <TwoFactorCard
        enabled={overview.twoFactor.isEnabled}
        backupCodesLeft={overview.twoFactor.backupCodesLeft}
        hasPassword={overview.hasPassword}
        action={twoFactorAction}
      />
      <SecurityStatusCard
        twoFactorEnabled={overview.twoFactor.isEnabled}
        activeSessions={overview.sessions.filter((s) => s.isActive).length}
        recentAlerts={overview.recentAlerts}
      />
      <PrivacyCard retentionDays={SECURITY_EVENT_RETENTION_DAYS} />
      <SessionsPanel sessions={overview.sessions} renderedAt={renderedAt} />
      <EventsPanel events={events} connected={connected} renderedAt={renderedAt} />
      <AuditCard items={overview.audit} renderedAt={renderedAt} />
    </>
  );
}
