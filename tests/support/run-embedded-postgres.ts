// Starts the embedded PostgreSQL of DATA_DIR in this process and waits: a stand-in for an app process, so a
// test can kill it (and its watcher) as an operator or the kernel would.
import { startEmbeddedPostgres } from "~/db/embedded-postgres.server";

const server = await startEmbeddedPostgres({ dataDir: process.env.DATA_DIR! });
console.log(`ready ${server.url}`);
setInterval(() => {}, 60_000);
