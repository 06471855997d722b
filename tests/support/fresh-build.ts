// Global setup of the integration and browser tests: they test the production build, so it is made again first
// when any source changed since (scripts/build-state.mjs), as `npm start` does.
import { buildIfStale } from "../../scripts/build-state.mjs";

export default function setup() {
  if (!buildIfStale()) throw new Error("`npm run build` failed: the tests need a build of the current sources.");
}
