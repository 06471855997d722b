// Bundles the Node server (server/main.ts and the app modules it uses) into build/runtime/main.js.
// npm packages stay external; they are resolved from node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/runtime/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("server bundle: build/runtime/main.js");
