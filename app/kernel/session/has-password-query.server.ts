import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";

/** Whether the signed-in user can sign in with a password (else re-authentication is a fresh sign-in). */
export const hasPasswordQuery: PageQuery<boolean> = {
  json: sql`(select to_json(exists (select from account where user_id = me.user_id and provider_id = 'credential' and password is not null)))`,
  read: (json) => json === true,
};
