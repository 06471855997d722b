import { createContext, useContext } from "react";

/** The per-request CSP nonce; empty in the browser and at prerender time. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
