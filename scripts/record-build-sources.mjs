// The last step of `npm run build`: notes which source files the build was made from, so a file added or
// removed later makes the build stale (scripts/build-state.mjs).
import { recordBuildSources } from "./build-state.mjs";

recordBuildSources();
