// Bundles the Node server (server/main.ts) into build/runtime/main.js, and the operations scripts' entry points
// (server/db-backup.ts, server/db-restore.ts) beside it. The server takes every app module from React Router's
// server build (build/server/index.js) at start, so main.js holds none of app/.
import { build } from "esbuild";
import { SERVER_BUNDLE } from "./server-bundle.mjs";

await build(SERVER_BUNDLE);
console.log("server bundle: build/runtime/main.js (and db-backup.js, db-restore.js)");
