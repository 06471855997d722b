import type { ErrorSpec } from "~/lib/errors/common";

/** The billing feature's failure codes (Sellkit's own plans and their gates), merged by `~/lib/errors`. */
export const BILLING_ERRORS = {
  PLAN_FEATURE_NOT_INCLUDED: {
    status: 403,
    field: "form",
    message: "Your plan does not include this feature. Upgrade your plan on the Billing page to use it.",
  },
  PLAN_SEATS_FULL: {
    status: 403,
    field: "form",
    message: "Your plan has no free seat for another team member. Upgrade your plan on the Billing page.",
  },
  BILLING_TRIAL_USED: {
    status: 409,
    field: "form",
    message: "You have already used your Pro free trial. Subscribe to Pro with a card on the Billing page.",
  },
  BILLING_CARD_TRIAL_USED: {
    status: 409,
    field: "form",
    message: "This card has already been used for a free trial. Use another card, or subscribe to start paying now.",
  },
  BILLING_ALREADY_SUBSCRIBED: {
    status: 409,
    field: "form",
    message: "You already have a subscription. Change your plan on the Billing page.",
  },
  BILLING_NO_SUBSCRIPTION: {
    status: 409,
    field: "form",
    message: "You have no subscription to change. Choose a plan first.",
  },
  BILLING_SAME_PLAN: {
    status: 409,
    field: "plan",
    message: "You are already on this plan.",
  },
  BILLING_NOT_CANCELLED: {
    status: 409,
    field: "form",
    message: "Your subscription is not set to end, so there is nothing to resume.",
  },
  BILLING_ALREADY_CANCELLED: {
    status: 409,
    field: "form",
    message: "Your subscription is already set to end at the end of this period.",
  },
  BILLING_CANCEL_REASON_REQUIRED: {
    status: 400,
    field: "reason",
    message: "Please tell us why you are cancelling.",
  },
  BILLING_CARD_DECLINED: {
    status: 402,
    field: "form",
    message: "Your card was declined. Try another card.",
  },
  BILLING_CARD_REQUIRED: {
    status: 402,
    field: "form",
    message: "Add a card on the Billing page first: this change is charged now.",
  },
  BILLING_CHECKOUT_NOT_FOUND: {
    status: 404,
    field: "form",
    message: "This checkout does not exist or has expired. Choose your plan again.",
  },
  BILLING_PROVIDER_UNREACHABLE: {
    status: 503,
    field: "form",
    message: "Our billing provider could not be reached just now. Your plan is unchanged: try again in a moment.",
  },
  BILLING_TEST_CLOCK_DAYS: {
    status: 400,
    field: "days",
    message: "Move the clock forward by 1 to 400 whole days.",
  },
  BILLING_TEST_MODE_ONLY: {
    status: 404,
    field: "form",
    message: "This page exists only in test mode.",
  },
} as const satisfies Record<string, ErrorSpec>;
