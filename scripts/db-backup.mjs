// `npm run db:backup [file]`: a consistent logical backup (one gzipped JSON-lines file, format in
// app/db/backup-format.server.ts) of the embedded PostgreSQL in DATA_DIR — while the app runs or not — or of
// DATABASE_URL. Default file: backups/sellkit-<UTC time>.jsonl.gz. See docs/operations.md.
import { runBundled } from "./db-files.mjs";

await runBundled("db-backup");
