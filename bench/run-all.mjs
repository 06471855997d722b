// `npm run bench`: every performance budget script, in one run, against the current production build.
import { spawnSync } from "node:child_process";

const scripts = [
  ["bundle sizes per public route", ["bench/bundle-size.mjs"]],
  ["Lighthouse mobile per public route", ["bench/lighthouse.mjs"]],
];
if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
let failed = 0;
for (const [label, args] of scripts) {
  console.log(`\n▶ ${label}`);
  if (spawnSync(process.execPath, args, { stdio: "inherit" }).status !== 0) failed += 1;
}
console.log(`\n${scripts.length - failed} budgets met, ${failed} missed`);
process.exit(failed ? 1 : 0);
