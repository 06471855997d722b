// The newest modification time below a file or folder (0 when it does not exist): how `npm start` and the
// database scripts tell that the build is older than its sources.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}
