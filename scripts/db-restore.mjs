// `npm run db:restore <file> [--force]`: restores a backup made by db:backup. Embedded (DATA_DIR): stop the
// app first; the current DATA_DIR/postgres is kept as postgres.before-restore-<UTC time>. DATABASE_URL: the
// database must hold no data unless --force. Older backups restore into the current schema. See docs/operations.md.
import { runBundled } from "./db-files.mjs";

await runBundled("db-restore");
