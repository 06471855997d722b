import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, expectTypeOf, it } from "vitest";
import { products } from "~/domains/catalog/tables.server";
import {
  combinePageQueries,
  jsonList,
  jsonObject,
  jsonRow,
  nullable,
  pagePart,
  type PageQuery,
} from "~/kernel/session/page-query.server";
import { businessProfiles, profiles } from "~/kernel/store/tables.server";

const text = (query: SQL) => new PgDialect().sqlToQuery(query).sql;

describe("page-query JSON", () => {
  it("types an object by its columns: nullability, arrays, dates as strings, typed expressions", () => {
    const card = jsonObject({
      storeName: businessProfiles.storeName,
      types: businessProfiles.businessTypes,
      companySize: businessProfiles.companySize,
      createdAt: profiles.createdAt,
      count: sql<number>`count(*)`,
    });
    expectTypeOf(card).toEqualTypeOf<
      SQL<{ storeName: string; types: string[]; companySize: string | null; createdAt: string; count: number }>
    >();
    expect(text(card)).toBe(
      `json_build_object('storeName', "business_profiles"."store_name", 'types', "business_profiles"."business_types", ` +
        `'companySize', "business_profiles"."company_size", 'createdAt', "profiles"."created_at", 'count', count(*))`,
    );
  });

  it("refuses a key that is not a plain name", () => {
    expect(() => jsonObject({ "it's": products.name })).toThrow("not a plain key");
  });

  it("reads a row or null, a list or [], and an outer-joined column as nullable", () => {
    const row = jsonRow(jsonObject({ plan: profiles.plan, store: nullable(businessProfiles.storeName) }), sql`from x`);
    expectTypeOf(pagePart(row)).toEqualTypeOf<PageQuery<{ plan: string | null; store: string | null } | null>>();
    expect(text(jsonRow(profiles.timeZone, sql`from ${profiles}`))).toBe(
      `(select to_json("profiles"."time_zone") from "profiles")`,
    );

    const list = jsonList(jsonObject({ id: products.id }), sql`from ${products}`, { orderBy: sql`${products.name}` });
    expectTypeOf(pagePart(list)).toEqualTypeOf<PageQuery<{ id: string }[]>>();
    expect(text(list)).toBe(
      `coalesce((select json_agg(json_build_object('id', "products"."id") order by "products"."name") from "products"), '[]'::json)`,
    );
  });

  it("cuts a limited list in a subquery and keeps its order", () => {
    const list = jsonList(products.name, sql`from ${products}`, { orderBy: sql`${products.position}`, limit: 3 });
    expect(text(list).replace(/\s+/g, " ")).toBe(
      `coalesce((select json_agg(cut.item order by cut.rank) from ( select to_json("products"."name") as item, ` +
        `row_number() over (order by "products"."position") as rank from "products" order by "products"."position" ` +
        `limit 3 ) cut), '[]'::json)`,
    );
    expect(() => jsonList(products.name, sql``, { limit: 1.5 })).toThrow("not a row limit");
  });

  it("reads with the generated read, reshaped when asked, and combines parts", () => {
    const names = pagePart(jsonList(products.name, sql`from ${products}`), (list) => list.join(", "));
    expectTypeOf(names).toEqualTypeOf<PageQuery<string>>();
    expect(names.read(["a", "b"])).toBe("a, b");
    const page = combinePageQueries({ names, plan: pagePart(jsonRow(profiles.plan, sql`from ${profiles}`)) });
    expectTypeOf(page).toEqualTypeOf<PageQuery<{ names: string; plan: string | null }>>();
    expect(page.read({ names: ["a"], plan: "pro" })).toEqual({ names: "a", plan: "pro" });
  });
});
