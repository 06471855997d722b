import { Link } from "react-router";
import { BusinessProfileSettingsForm } from "~/pages/settings/components/business-profile-settings-form";
import { ChangeEmailForm } from "~/pages/settings/components/change-email-form";
import { ChangePasswordForm } from "~/pages/settings/components/change-password-form";
import { DeleteAccountForm } from "~/pages/settings/components/delete-account-form";
import { PersonalProfileForm } from "~/pages/settings/components/personal-profile-form";
import { TimeZoneForm } from "~/pages/settings/components/time-zone-form";
import { timeZoneChoices } from "~/pages/settings/server/time-zone-choices.server";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { resolveTimeZone } from "~/lib/zoned-time";
import { SettingsErrorPage } from "~/pages/settings/components/settings-error-page";
import { SettingsSection } from "~/pages/settings/components/settings-section";
import { BackLink } from "~/components/ui/back-link";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/routes/http/require-user.server";
import { settingsQuery } from "~/pages/settings/server/settings-query.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import type { Route } from "./+types/settings";
import { answerSettingsForm } from "./settings.server";
import { requestContext } from "~/server/http/request-context.server";
import { readFormData } from "~/server/http/read-form-data.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Settings", description: "Your Sellkit profile, business, email, password and account." }),
  { name: "robots", content: "noindex" },
];

/** Protected; the email-change link lands here with `email-changed=1` (and `error` when refused). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.services, requestContext(request), { batch: context, page: settingsQuery });
  const params = new URL(request.url).searchParams;
  if (params.has("email-changed")) {
    return params.get("error")
      ? redirectWithToast("/settings", {
          type: "error",
          title: "This email change link is invalid or has expired",
          description: "Please ask for a new one below.",
        })
      : redirectWithToast("/settings", {
          type: "success",
          title: "Email changed",
          description: `You now sign in with ${user.email}.`,
        });
  }
  // The time zone form lists the server's zones; its first choice names the browser's (from its cookie).
  const browserTimeZone = resolveTimeZone(readTimeZone(requestContext(request)));
  return { ...user.page, browserTimeZone, timeZones: timeZoneChoices(user.page.timeZone) };
}

/** One action, five forms: the `intent` field picks the verb; the user is always the session's. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context.services, requestContext(request));
  const formData = await readFormData(request);
  return answerSettingsForm({ services: context.services, ctx: requestContext(request), user, formData });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { email, firstName, lastName, avatarUrl, business, hasPassword, timeZone, browserTimeZone, timeZones } =
    loaderData;
  const resultOf = (intent: string) =>
    actionData && actionData.intent === intent && "result" in actionData ? actionData.result : undefined;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <BackLink to="/dashboard">Back to dashboard</BackLink>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Settings</h1>
        {actionData?.intent === "unknown" ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            {actionData.message}
          </p>
        ) : null}
      </div>
      <SettingsSection id="personal" title="Personal profile" description="Your name and profile picture.">
        <PersonalProfileForm
          firstName={firstName}
          lastName={lastName}
          avatarUrl={avatarUrl}
          lastResult={resultOf("personal-profile")}
        />
      </SettingsSection>
      <SettingsSection
        id="business"
        title="Business profile"
        description="What you told us about your business when you registered."
      >
        {business ? (
          <BusinessProfileSettingsForm business={business} lastResult={resultOf("business-profile")} />
        ) : (
          <p className="text-sm">
            <Link to="/auth?tab=register&step=2" className="text-primary underline">
              Complete your business profile
            </Link>{" "}
            first.
          </p>
        )}
      </SettingsSection>
      <SettingsSection id="time-zone" title="Time zone" description="The calendar days your analytics are counted in.">
        <TimeZoneForm
          timeZone={timeZone}
          browserTimeZone={browserTimeZone}
          zones={timeZones}
          lastResult={resultOf("time-zone")}
        />
      </SettingsSection>
      <SettingsSection id="email" title="Email address">
        <ChangeEmailForm email={email} hasPassword={hasPassword} lastResult={resultOf("change-email")} />
      </SettingsSection>
      <SettingsSection id="password" title="Password" description="Changing it signs out every other session.">
        <ChangePasswordForm hasPassword={hasPassword} lastResult={resultOf("change-password")} />
      </SettingsSection>
      <SettingsSection id="billing" title="Billing" description="Your plan, its invoices, the card on file.">
        <Link to="/settings/billing" className="text-sm font-medium text-primary underline underline-offset-4">
          Open billing
        </Link>
      </SettingsSection>
      <SettingsSection
        id="security"
        title="Security"
        description="Two-factor authentication, active sessions and security events."
      >
        <Link to="/security-settings" className="text-sm font-medium text-primary underline underline-offset-4">
          Open security settings
        </Link>
      </SettingsSection>
      <SettingsSection id="delete" title="Delete account" danger>
        <DeleteAccountForm hasPassword={hasPassword} lastResult={resultOf("delete-account")} />
      </SettingsSection>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SettingsErrorPage
      error={error}
      title="Settings"
      fallback="Your settings could not be loaded. Please try again in a moment."
      back={{ to: "/dashboard", label: "Back to dashboard" }}
    />
  );
}
