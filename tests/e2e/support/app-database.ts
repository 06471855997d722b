import type pg from "pg";
import { workerApp } from "./worker-app";

/**
 * A connection to the database of this worker's app, for tests that make a server path fail for real (a
 * trigger that refuses one user's write, say).
 */
export async function withAppDatabase<T>(use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await workerApp().pool.connect();
  try {
    return await use(client);
  } finally {
    client.release();
  }
}

/**
 * Makes `operation` on `table` fail for the user with `email` (a trigger raising an error) while `run` runs;
 * other users are untouched. Returns what `run` returns.
 */
export async function failingWrite<T>(
  email: string,
  table: string,
  operation: "INSERT" | "DELETE",
  run: () => Promise<T>,
): Promise<T> {
  const name = `e2e_fail_${Math.random().toString(36).slice(2, 10)}`;
  await withAppDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>(`select id from "user" where email = $1`, [email]);
    const userId = rows[0]?.id;
    if (!userId) throw new Error(`no user ${email}`);
    const row = operation === "DELETE" ? "old" : "new";
    await db.query(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if ${row}.user_id = '${userId}' then raise exception 'e2e: % on % refused', tg_op, tg_table_name; end if;
        return ${row};
      end $$`);
    await db.query(`create trigger ${name} before ${operation} on ${table} for each row execute function ${name}()`);
  });
  try {
    return await run();
  } finally {
    await withAppDatabase(async (db) => {
      await db.query(`drop trigger if exists ${name} on ${table}`);
      await db.query(`drop function if exists ${name}()`);
    });
  }
}
