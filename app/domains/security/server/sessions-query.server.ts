import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";

export type SessionSummary = {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastActiveAt: Date;
  isActive: boolean;
  isCurrent: boolean;
};

type Row = Omit<SessionSummary, "createdAt" | "lastActiveAt" | "isActive"> & {
  createdAt: string;
  lastActiveAt: string;
  expiresAt: string;
};

/**
 * The signed-in user's sessions, most recently active first, including this statement's own activity mark; never
 * tokens.
 */
export const sessionsQuery: PageQuery<SessionSummary[]> = {
  json: sql`(
    select coalesce(json_agg(json_build_object('id', id, 'ipAddress', ip_address, 'userAgent', user_agent, 'createdAt',
      created_at,
      'lastActiveAt', last_active, 'expiresAt', expires_at, 'isCurrent', is_current) order by last_active desc),
        '[]'::json)
    from (
      select s.id, s.ip_address, s.user_agent, s.created_at, s.expires_at, s.id = me.session_id as is_current,
        case when s.id = me.session_id and me.touched_at is not null then me.touched_at else coalesce(s.last_active_at,
          s.created_at) end as last_active
      from session s where s.user_id = me.user_id
    ) own
  )`,
  read: (json) => {
    const now = Date.now();
    return ((json ?? []) as Row[]).map(({ expiresAt, createdAt, lastActiveAt, ...row }) => ({
      ...row,
      createdAt: new Date(createdAt),
      lastActiveAt: new Date(lastActiveAt),
      isActive: new Date(expiresAt).getTime() > now,
    }));
  },
};
