// Bundles the Node server (server/main.ts and the app modules it uses) into build/runtime/main.js, and the
// operations scripts' entry points (server/db-backup.ts, server/db-restore.ts) beside it.
// npm packages stay external; they are resolved from node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: { main: "server/main.ts", "db-backup": "server/db-backup.ts", "db-restore": "server/db-restore.ts" },
  outdir: "build/runtime",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("server bundle: build/runtime/main.js (and db-backup.js, db-restore.js)");
