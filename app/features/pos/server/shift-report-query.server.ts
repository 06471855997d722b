import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";
import type { ShiftReport } from "~/features/pos/pos-types";

/** The seller's own shift `shiftId` with its Z-report; null for any other. */
export function shiftReportQuery(shiftId: string): PageQuery<ShiftReport | null> {
  return {
    json: sql`(select json_build_object('id', s.id, 'registerName', r.name, 'locationName', l.name,
        'openedAt', s.opened_at, 'closedAt', s.closed_at, 'report', s.report)
      from shifts s join registers r on r.id = s.register_id join stock_locations l on l.id = s.location_id
      where s.id = ${shiftId}::uuid and s.user_id = me.user_id)`,
    read: (json) => (json as ShiftReport | null) ?? null,
  };
}
