import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The root loader's data: the signed-in user and the pending toast. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
