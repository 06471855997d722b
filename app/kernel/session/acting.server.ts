/** The roles a user can hold in a store; today each user holds one: owner of their own store. */
export const STORE_ROLES = ["owner"] as const;
export type StoreRole = (typeof STORE_ROLES)[number];

/** For one request: which store is acted on, by whom, and in which role. Store and role checks start here. */
export type Acting = { storeId: string; actorId: string; role: StoreRole };

/** The store a signed-in user acts for: their own, as its owner. */
export function actingFor(user: { id: string }): Acting {
  return { storeId: user.id, actorId: user.id, role: "owner" };
}
