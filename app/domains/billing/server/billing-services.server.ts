import type { Database } from "~/db/database.server";
import type { Mailer } from "~/server/mail/mailer.server";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { BillingProviders } from "./create-billing-providers.server";

/** What the billing verbs take from AppServices: the database, the providers and the mail outbox. */
export type BillingServices = {
  db: Database;
  billing: BillingProviders;
  mailer: Mailer;
  env: { APP_URL: string };
};

/** What applying events needs besides the database: the mailer, the app's address for links, the request's origin. */
export type BillingMail = { mailer: Mailer; env: { APP_URL: string }; meta?: RequestMeta };

/** The creator acting on their own billing. */
export type BillingActor = { userId: string; email: string };
