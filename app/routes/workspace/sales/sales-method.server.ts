import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { checkPlanFeature } from "~/domains/billing/plan-gates";
import { buyPageUrl } from "~/domains/sales-methods/buy-button-snippet";
import { salesMethod, type SalesMethodKey } from "~/domains/sales-methods/content/sales-methods";
import { EVENT_SALES_DEFAULTS, eventSalesSchema } from "~/domains/sales-methods/schemas/event-sales";
import { EXISTING_WEBSITE_DEFAULTS, existingWebsiteSchema } from "~/domains/sales-methods/schemas/existing-website";
import { ONLINE_STORE_DEFAULTS, onlineStoreSchema } from "~/domains/sales-methods/schemas/online-store";
import { RETAIL_STORE_DEFAULTS, retailStoreSchema } from "~/domains/sales-methods/schemas/retail-store";
import { SOCIAL_MEDIA_DEFAULTS, socialMediaSchema } from "~/domains/sales-methods/schemas/social-media";
import { salesMethodFormOf, salesMethodFormQuery } from "~/domains/sales-methods/server/sales-method-form-query.server";
import { saveSalesMethod } from "~/domains/sales-methods/server/save-sales-method.server";
import { type ProfileSummary, profileSummaryQuery } from "~/domains/workspace/server/profile-summary-query.server";
import { type PlanFeatureId, planOf } from "~/lib/plans";
import type { ToastMessage } from "~/lib/toast";
import { requirePlanFeatureOrRespond } from "~/routes/http/require-plan-feature-or-respond.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import { requireUser } from "~/routes/http/require-user.server";
import type { RequestContext } from "~/server/http/request-context.server";
import type { AppServices } from "~/server/services.server";

/** The intent that asks for a preview instead of a save. */
const PREVIEW_INTENT = "preview";
const INVALID_FORM_DESCRIPTION = "Please correct the highlighted fields and save again.";
const SAVE_FAILED_DESCRIPTION = "Your changes are still in the form. Please try again in a moment.";
/** Stands in for the row id in the buy button's preview until the first save. */
const UNSAVED_ID = "not-saved-yet";

type FormSetup = {
  schema: z.ZodType<Record<string, unknown>>;
  defaults: Record<string, unknown>;
  savedToast: string;
  allowPreview?: boolean;
  /** The plan feature a submission uses, if any: the server refuses it on a plan without it. */
  planFeature?: (value: Record<string, unknown>) => PlanFeatureId | null;
};

/** The buy button's own-CSS style is advanced customisation; the other styles are basic. */
const CUSTOM_STYLE_FEATURE = "advanced_customisation" satisfies PlanFeatureId;

const FORMS: Record<SalesMethodKey, FormSetup> = {
  online_store: { schema: onlineStoreSchema, defaults: ONLINE_STORE_DEFAULTS, savedToast: "Online store saved" },
  retail_store: { schema: retailStoreSchema, defaults: RETAIL_STORE_DEFAULTS, savedToast: "Retail store saved" },
  events: { schema: eventSalesSchema, defaults: EVENT_SALES_DEFAULTS, savedToast: "Event sales saved" },
  existing_website: {
    schema: existingWebsiteSchema,
    defaults: EXISTING_WEBSITE_DEFAULTS,
    savedToast: "Buy button saved",
    allowPreview: true,
    planFeature: (value) => (value.buttonStyle === "custom" ? CUSTOM_STYLE_FEATURE : null),
  },
  social_media: { schema: socialMediaSchema, defaults: SOCIAL_MEDIA_DEFAULTS, savedToast: "Social media sales saved" },
};

/** A sales-method form's page: the saved setup or defaults. */
export async function loadSalesMethodPage(
  services: AppServices,
  ctx: RequestContext,
  batch: object,
  method: SalesMethodKey,
) {
  const website = method === "existing_website";
  const { page } = await requireUser(services, ctx, {
    batch,
    page: salesMethodFormQuery(method, website ? profileSummaryQuery : undefined),
  });
  const form = salesMethodFormOf(page, FORMS[method].defaults);
  // The profile summary carries the plan in force, so the lock costs the page nothing more.
  const profile = page.extra as ProfileSummary;
  return {
    method,
    ...form,
    website: website
      ? {
          storeName: profile.storeName ?? "My store",
          buyUrl: buyPageUrl(services.env.APP_URL, form.saved?.id ?? UNSAVED_ID),
          customStyleGate: checkPlanFeature(planOf(profile.plan), CUSTOM_STYLE_FEATURE),
        }
      : null,
  };
}

/** A sales-method form's action: validates and saves the setup; invalid input answers 400, a database failure 503. */
export async function submitSalesMethodForm(
  services: AppServices,
  ctx: RequestContext,
  /** Reads the posted form, only after the guard has identified the creator. */
  readForm: () => Promise<FormData>,
  method: SalesMethodKey,
) {
  const user = await requireUser(services, ctx);
  const formData = await readForm();
  const { schema, savedToast, allowPreview, planFeature } = FORMS[method];
  const submission = parseWithZod(formData, { schema });
  const notSaved = `${salesMethod(method).name} not saved`;
  if (submission.status !== "success") {
    const toast: ToastMessage = { type: "error", title: notSaved, description: INVALID_FORM_DESCRIPTION };
    return data({ result: submission.reply(), toast }, { status: 400 });
  }
  const feature = planFeature?.(submission.value);
  if (feature) await requirePlanFeatureOrRespond(services, user.id, feature);
  if (allowPreview && formData.get("intent") === PREVIEW_INTENT) {
    return data(
      {
        result: submission.reply(),
        toast: {
          type: "info",
          title: "Code updated",
          description: "Save to make the link live.",
        } satisfies ToastMessage,
      },
      { status: 200 },
    );
  }
  try {
    await saveSalesMethod(services.db, user.id, method, submission.value);
  } catch (error) {
    services.logger.error({ err: error, method }, "sales method not saved");
    const toast: ToastMessage = { type: "error", title: notSaved, description: SAVE_FAILED_DESCRIPTION };
    return data({ result: submission.reply(), toast }, { status: 503 });
  }
  return redirectWithToast(ctx.url.pathname, { type: "success", title: savedToast });
}
