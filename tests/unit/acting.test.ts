import { describe, expect, it } from "vitest";
import { actingFor, STORE_ROLES } from "~/kernel/session/acting.server";

describe("which store a request acts on", () => {
  it("is the signed-in user's own store, acted on by them as its owner", () => {
    expect(actingFor({ id: "user-1" })).toEqual({ storeId: "user-1", actorId: "user-1", role: "owner" });
    expect(STORE_ROLES).toEqual(["owner"]);
  });
});
