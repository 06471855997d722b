// Modification times below a file or folder: how `npm start`, the test servers and the database scripts tell
// that a build is older than its sources (a walk of stat calls, no file is read).
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The newest modification time below a file or folder (0 when it does not exist). */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * The first file or folder below `target` modified after `time` (a folder changes when an entry is added or removed),
 * else null.
 */
export function firstNewerThan(target, time) {
  if (!existsSync(target)) return null;
  const stat = statSync(target);
  if (stat.mtimeMs > time) return target;
  if (!stat.isDirectory()) return null;
  for (const entry of readdirSync(target)) {
    const newer = firstNewerThan(path.join(target, entry), time);
    if (newer) return newer;
  }
  return null;
}
