import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  combinePageQueries,
  jsonList,
  jsonObject,
  jsonRow,
  nullable,
  pagePart,
} from "~/kernel/session/page-query.server";
import { runPageQuery } from "~/kernel/session/run-page-query.server";
import { businessProfiles, profiles } from "~/kernel/store/tables.server";
import { businessCardQuery } from "~/domains/workspace/server/business-card-query.server";
import { insertCreatorRows } from "../../support/creator-rows";
import { createTestDatabase } from "../../support/test-database";

// The typed JSON parts against PostgreSQL: what the database returns has the shape their types promise.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ id: userId } = await insertCreatorRows(database.pool, {
    email: "typed@example.com",
    password: "typed-reads-password",
    firstName: "Ada",
    lastName: "Lovelace",
    storeName: "Engines",
    businessTypes: ["digital", "courses"],
    companySize: null,
    ip: "203.0.113.9",
    userAgent: "vitest",
  }));
});

afterAll(() => database.drop());

describe("typed page-query parts", () => {
  it("reads columns, outer joins, typed expressions, dates as strings, rows, lists and their order", async () => {
    const mine = sql`from ${profiles} left join ${businessProfiles} on ${businessProfiles.userId} = ${profiles.userId}
      where ${profiles.userId} = me.user_id`;
    const part = pagePart(
      jsonObject({
        me: jsonRow(
          jsonObject({
            firstName: profiles.firstName,
            store: nullable(businessProfiles.storeName),
            types: nullable(businessProfiles.businessTypes),
            createdAt: profiles.createdAt,
            three: sql<number>`1 + 2`,
          }),
          mine,
        ),
        nobody: jsonRow(profiles.firstName, sql`from ${profiles} where false`),
        none: jsonList(profiles.firstName, sql`from ${profiles} where false`),
        letters: jsonList(sql<string>`letter`, sql`from unnest(array['c', 'a', 'b']) letter`, {
          orderBy: sql`letter desc`,
          limit: 2,
        }),
      }),
    );
    const page = await runPageQuery(database.db, { userId }, combinePageQueries({ part, card: businessCardQuery }));

    expect(page.part.me).toEqual({
      firstName: "Ada",
      store: "Engines",
      types: ["digital", "courses"],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
      three: 3,
    });
    expect(Number.isNaN(Date.parse(page.part.me?.createdAt ?? ""))).toBe(false);
    expect(page.part.nobody).toBeNull();
    expect(page.part.none).toEqual([]);
    expect(page.part.letters).toEqual(["c", "b"]);
    expect(page.card).toMatchObject({ storeName: "Engines", businessTypes: ["digital", "courses"], companySize: null });
  });
});
