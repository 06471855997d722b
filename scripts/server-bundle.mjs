// The esbuild options of the Node server's bundle (build/runtime/): shared by scripts/build-server.mjs and the test
// that checks it holds no app module (tests/unit/server-bundle.test.ts).

/** server/main.ts and the operations scripts' entry points; npm packages stay external (node_modules at run time). */
export const SERVER_BUNDLE = {
  entryPoints: { main: "server/main.ts", "db-backup": "server/db-backup.ts", "db-restore": "server/db-restore.ts" },
  outdir: "build/runtime",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};
