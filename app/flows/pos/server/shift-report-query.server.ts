import { sql } from "drizzle-orm";
import { jsonObject, jsonRow, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { locationNameSql } from "~/domains/inventory/server/location-sql.server";
import type { ShiftReport } from "~/flows/pos/pos-types";
import { registers, shifts } from "~/flows/pos/tables.server";

/** The seller's own shift `shiftId` with its Z-report; null for any other. */
export function shiftReportQuery(shiftId: string): PageQuery<ShiftReport | null> {
  return pagePart(
    jsonRow(
      jsonObject({
        id: shifts.id,
        registerName: registers.name,
        locationName: locationNameSql(sql`${shifts.locationId}`),
        openedAt: shifts.openedAt,
        closedAt: shifts.closedAt,
        report: shifts.report,
      }),
      sql`from ${shifts} join ${registers} on ${registers.id} = ${shifts.registerId}
        where ${shifts.id} = ${shiftId}::uuid and ${shifts.userId} = me.user_id`,
    ),
  );
}
