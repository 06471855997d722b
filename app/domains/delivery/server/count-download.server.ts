import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { DOWNLOADS_PER_FILE_PER_DAY } from "../content/delivery-rules";

/** An allowed request; `giveBack` returns bytes its connection never took. */
export type CountedDownload = { giveBack: (unsentBytes: number) => Promise<void> };

/**
 * Counts today's downloads and bytes of an order's file in one statement, so parallel requests cannot all pass; null
 * when refused. A request crossing the bytes allowance is still served, so resumes are never cut short.
 */
export async function countDownload(
  db: Database,
  input: { orderId: string; fileId: string; fileSize: number; bytes: number; newDownload: boolean },
  limit = DOWNLOADS_PER_FILE_PER_DAY,
): Promise<CountedDownload | null> {
  const result = await db.execute<{ day: string }>(sql`
  with counted as (
    insert into download_counts as d (order_id, file_id, day, count, bytes)
    values (${input.orderId}::uuid, ${input.fileId}::uuid, (now() at time zone 'utc')::date,
      ${input.newDownload ? 1 : 0}, ${input.bytes})
    on conflict (order_id, file_id, day) do update set count = d.count + excluded.count,
      bytes = d.bytes + excluded.bytes
      where d.count + excluded.count <= ${limit} and d.bytes < greatest(${limit}::bigint * ${input.fileSize}::bigint, 1)
    returning d.day
  ), recorded as (
    insert into delivery_events (order_id, kind, file_id)
    select ${input.orderId}::uuid, 'download', ${input.fileId}::uuid from counted where ${input.newDownload}::boolean
  )
  select day::text as day from counted`);
  const [row] = result.rows;
  if (!row) return null;
  return {
    async giveBack(unsentBytes) {
      if (unsentBytes <= 0) return;
      await db.execute(sql`
        update download_counts set bytes = greatest(bytes - ${unsentBytes}, 0)
        where order_id = ${input.orderId}::uuid and file_id = ${input.fileId}::uuid and day = ${row.day}::date`);
    },
  };
}
