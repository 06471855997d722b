import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { DOWNLOADS_PER_FILE_PER_DAY } from "../content/delivery-rules";

/**
 * Counts one download of an order's file today (UTC) against DOWNLOADS_PER_FILE_PER_DAY, in one statement (so
 * parallel requests cannot all pass the check): true when it is allowed, false when today's limit was reached
 * (nothing counted then). The same statement records an allowed download in the order's timeline
 * (`delivery_events`, issue 16.3): no extra round trip before the bytes flow.
 */
export async function countDownload(db: Database, input: { orderId: string; fileId: string }, limit = DOWNLOADS_PER_FILE_PER_DAY): Promise<boolean> {
  const result = await db.execute(sql`
  with counted as (
    insert into download_counts as d (order_id, file_id, day, count)
    values (${input.orderId}::uuid, ${input.fileId}::uuid, (now() at time zone 'utc')::date, 1)
    on conflict (order_id, file_id, day) do update set count = d.count + 1 where d.count < ${limit}
    returning d.count
  ), recorded as (
    insert into delivery_events (order_id, kind, file_id)
    select ${input.orderId}::uuid, 'download', ${input.fileId}::uuid from counted
  )
  select count from counted`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
