// What a signed-in route makes the browser load before it is interactive, read from the build's client manifest.
// Shared by the bundle-size summary, the POS bench and the POS script test.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipBytes } from "./page-scripts.mjs";

/** The most JavaScript (gzip bytes) the point of sale's routes may load before the page is interactive. */
export const POS_JS_BUDGET = 130 * 1024;

/** The point of sale's two route ids (one module registered twice) and their URLs. */
export const POS_ROUTES = [
  { id: "pos", url: "/tools/pos" },
  { id: "mobile-pos", url: "/tools/mobile-pos" },
];

/** The client manifest React Router writes into the build (`window.__reactRouterManifest = {…}`). */
export function clientManifest(client = "build/client") {
  const assets = path.join(client, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`No client manifest in ${assets}: run \`npm run build\` first.`);
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

/** A route's JavaScript: the client entry's modules, then the route's and its parents' modules with their imports. */
export function routeScripts(routeId, client = "build/client") {
  const manifest = clientManifest(client);
  if (!manifest.routes[routeId]) throw new Error(`No route ${routeId} in the client manifest.`);
  const modules = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId]) {
    if (route.module) modules.add(route.module);
    for (const imported of route.imports ?? []) modules.add(imported);
  }
  const js = [...modules].reduce((sum, asset) => sum + gzipBytes(readFileSync(path.join(client, asset))), 0);
  return { modules: [...modules], js };
}
