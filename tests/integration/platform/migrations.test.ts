import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "~/db/open-database.server";
import { createTestDatabase } from "../../support/test-database";

describe("migrations", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it("creates every table of the schema", async () => {
    const result = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = result.rows.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(["contact_messages", "dev_mail"]));
  });

  it("is idempotent: applying again changes nothing", async () => {
    await expect(migrateDatabase(database)).resolves.toBeUndefined();
  });
});
