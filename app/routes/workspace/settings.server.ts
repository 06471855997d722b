import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { settingsBusinessProfileSchema } from "~/pages/settings/schemas/settings-business-profile";
import { deleteAccountSchema } from "~/pages/settings/schemas/settings-delete-account";
import { changeEmailSchema } from "~/pages/settings/schemas/settings-email";
import { changePasswordSchema } from "~/pages/settings/schemas/settings-password";
import { personalProfileSchema } from "~/pages/settings/schemas/settings-personal-profile";
import { timeZoneSchema } from "~/pages/settings/schemas/settings-time-zone";
import { changePassword } from "~/pages/settings/server/change-password.server";
import { deleteAccount } from "~/pages/settings/server/delete-account.server";
import { requestEmailChange } from "~/pages/settings/server/request-email-change.server";
import { updateBusinessProfile } from "~/pages/settings/server/update-business-profile.server";
import { updatePersonalProfile } from "~/pages/settings/server/update-personal-profile.server";
import { updateTimeZone } from "~/pages/settings/server/update-time-zone.server";
import { formErrorsOf, statusOf } from "~/lib/errors";
import { pickIntent, unknownIntent } from "~/routes/http/pick-intent.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import type { RequestContext } from "~/server/http/request-context.server";
import type { AppServices } from "~/server/services.server";

const NO_BUSINESS_PROFILE_MESSAGE = "Please complete your business profile first";

type Args = { services: AppServices; ctx: RequestContext; user: CurrentUser; formData: FormData };

/** `intent=personal-profile`: names and picture of the signed-in creator. */
async function personalProfile({ services, ctx, user, formData }: Args) {
  const submission = parseWithZod(formData, { schema: personalProfileSchema });
  if (submission.status !== "success")
    return data({ intent: "personal-profile" as const, result: submission.reply() }, { status: 400 });
  const saved = await updatePersonalProfile(services, user.id, submission.value, ctx.meta);
  if (!saved.ok)
    return data(
      { intent: "personal-profile" as const, result: submission.reply({ fieldErrors: { avatar: [saved.message] } }) },
      { status: 400 },
    );
  return redirectWithToast("/settings", { type: "success", title: "Profile updated" });
}

/** `intent=business-profile`: every field of register step 2 except the terms and the picture. */
async function businessProfile({ services, ctx, user, formData }: Args) {
  const submission = parseWithZod(formData, { schema: settingsBusinessProfileSchema });
  if (submission.status !== "success")
    return data({ intent: "business-profile" as const, result: submission.reply() }, { status: 400 });
  const saved = await updateBusinessProfile(services, user.id, submission.value, ctx.meta);
  if (!saved.ok)
    return data(
      { intent: "business-profile" as const, result: submission.reply({ formErrors: [NO_BUSINESS_PROFILE_MESSAGE] }) },
      { status: 409 },
    );
  return redirectWithToast("/settings", { type: "success", title: "Business profile updated" });
}

/** `intent=change-email`: re-authenticates, then mails the confirmation link to the new address. */
async function changeEmail({ services, ctx, user, formData }: Args) {
  const submission = parseWithZod(formData, { schema: changeEmailSchema });
  const hide = { hideFields: ["currentPassword"] };
  if (submission.status !== "success")
    return data({ intent: "change-email" as const, result: submission.reply(hide) }, { status: 400 });
  const result = await requestEmailChange(services, ctx, user, submission.value);
  if (!result.ok) {
    const reply = submission.reply({ ...hide, ...formErrorsOf(result) });
    return data({ intent: "change-email" as const, result: reply }, { status: statusOf(result.code) });
  }
  return redirectWithToast("/settings", {
    type: "success",
    title: "Check your new inbox to confirm your email change",
    description: "Your email stays the same until you open the link we sent.",
  });
}

/** `intent=change-password`: current password, new password (registration rules), confirmation. */
async function changePasswordForm({ services, ctx, user, formData }: Args) {
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  const hide = { hideFields: ["currentPassword", "password", "confirmPassword"] };
  if (submission.status !== "success")
    return data({ intent: "change-password" as const, result: submission.reply(hide) }, { status: 400 });
  const result = await changePassword(services, ctx, user, submission.value);
  if (!result.ok) {
    const reply = submission.reply({ ...hide, ...formErrorsOf(result) });
    return data({ intent: "change-password" as const, result: reply }, { status: statusOf(result.code) });
  }
  return redirectWithToast(
    "/settings",
    { type: "success", title: "Password changed. Other sessions were signed out." },
    { headers: result.headers },
  );
}

/** `intent=delete-account`: confirmation and re-authentication, then the account goes. */
async function deleteAccountForm({ services, ctx, user, formData }: Args) {
  const submission = parseWithZod(formData, { schema: deleteAccountSchema });
  const hide = { hideFields: ["currentPassword"] };
  if (submission.status !== "success")
    return data({ intent: "delete-account" as const, result: submission.reply(hide) }, { status: 400 });
  const result = await deleteAccount(services, ctx, user, submission.value);
  if (!result.ok) {
    const reply = submission.reply({ ...hide, ...formErrorsOf(result) });
    return data({ intent: "delete-account" as const, result: reply }, { status: statusOf(result.code) });
  }
  return redirectWithToast(
    "/",
    { type: "success", title: "Your account was deleted", description: "We're sorry to see you go." },
    { headers: result.headers },
  );
}

/** `intent=time-zone`: the zone the creator's figures are counted in by day. */
async function timeZone({ services, user, formData }: Args) {
  const submission = parseWithZod(formData, { schema: timeZoneSchema });
  if (submission.status !== "success")
    return data({ intent: "time-zone" as const, result: submission.reply() }, { status: 400 });
  const zone = submission.value.timeZone || null;
  await updateTimeZone(services.db, user.id, zone);
  return redirectWithToast("/settings", {
    type: "success",
    title: "Time zone saved",
    description: zone ? `Your figures now count days in ${zone}.` : "Your figures now follow your browser's time zone.",
  });
}

/** The settings page's forms by their `intent` field; the user is always the session's, never one a form names. */
const SETTINGS_FORMS = {
  "personal-profile": personalProfile,
  "business-profile": businessProfile,
  "change-email": changeEmail,
  "change-password": changePasswordForm,
  "delete-account": deleteAccountForm,
  "time-zone": timeZone,
} as const;

/** Answers the settings form that `intent` names, or 400 for none of them. */
export function answerSettingsForm(args: Args) {
  const form = pickIntent(SETTINGS_FORMS, args.formData);
  return form ? form(args) : unknownIntent();
}
