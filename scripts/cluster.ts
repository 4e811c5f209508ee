// A local site of several server nodes behind one address (docs/deploy.md, "A local site"):
// `npm run cluster -- --nodes 3 [--port 3000] [--api-only] [--skip-build]`.
//
// The nodes share the machine's PostgreSQL and Redis (DATABASE_URL and REDIS_URL, defaults below;
// the database is created and migrated when missing) and sit behind a round-robin proxy without
// stickiness, so consecutive requests and sockets of one player reach different nodes, as behind
// a production balancer. Next's development server allows one instance per folder, so the nodes
// serve the production build, made here first unless --skip-build (or --api-only: no pages).
// Ctrl-C or SIGTERM stops the nodes with SIGTERM (each hands its matches over) and then the proxy.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Duplex } from "node:stream";
import { parseArgs } from "node:util";
import { createProxyServer } from "http-proxy-3";
import pg from "pg";
import { freePort } from "../src/server/db/embedded";
import { migrate } from "../src/server/db/migrate";
import { localSecret } from "../src/server/local-secret";

const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/machiavelox_cluster";
const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";
/** A node that refused a connection is left out of the rotation this long. */
const DOWN_MS = 2_000;
/** How long a node may take to start (Next's production server included) or to stop. */
const START_MS = 180_000;
const STOP_MS = 30_000;

const USAGE =
  "usage: npm run cluster -- [--nodes 3] [--port 3000] [--host localhost] [--api-only] [--skip-build]";

type Node = { id: string; origin: string; child: ChildProcess; downUntil: number };

const say = (line: string) => console.log(`[cluster] ${line}`);

function options(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      nodes: { type: "string", default: "3" },
      port: { type: "string", default: "3000" },
      host: { type: "string", default: "localhost" },
      "api-only": { type: "boolean", default: false },
      "skip-build": { type: "boolean", default: false },
    },
  });
  const nodes = Number(values.nodes);
  const port = Number(values.port);
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > 32) throw new Error("--nodes: 1 to 32");
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error("--port: 1 to 65535");
  return {
    nodes,
    port,
    host: values.host,
    apiOnly: values["api-only"],
    build: !values["skip-build"],
  };
}

/** Creates the site's database when it is missing, and applies the migrations it lacks. */
async function prepareDatabase(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.href });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      say(`created the database ${name}`);
    }
  } finally {
    await client.end();
  }
  for (const migration of await migrate(url)) say(`applied migration ${migration}`);
}

/** Runs a program to its end with this terminal's output; fails on a non-zero exit. */
function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: "inherit", env });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited with ${code}`)),
    );
  });
}

/** Each line a node prints, prefixed with its name. */
function prefixLines(stream: NodeJS.ReadableStream | null, id: string, out: NodeJS.WriteStream) {
  if (!stream) return;
  createInterface({ input: stream }).on("line", (line) => out.write(`[${id}] ${line}\n`));
}

async function startNode(id: string, entry: string, env: NodeJS.ProcessEnv): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", entry], {
    env: { ...env, NODE_ID: id, HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  prefixLines(child.stdout, id, process.stdout);
  prefixLines(child.stderr, id, process.stderr);
  return { id, origin: `http://127.0.0.1:${port}`, child, downUntil: 0 };
}

const running = (node: Node) => node.child.exitCode === null && node.child.signalCode === null;

/** Waits until the node's /health answers 200; fails if it exits or takes too long. */
async function ready(node: Node): Promise<void> {
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    if (!running(node)) throw new Error(`${node.id} exited while starting`);
    const answer = await fetch(`${node.origin}/health`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${node.id} did not answer /health within ${START_MS / 1000} s`);
}

function stopNode(node: Node): Promise<void> {
  if (!running(node)) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => node.child.kill("SIGKILL"), STOP_MS);
    node.child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    node.child.kill("SIGTERM");
  });
}

/**
 * The balancer: each request and each WebSocket upgrade goes to the next node in turn, with no
 * stickiness. The client's address is set, never appended to: a client's own X-Forwarded-*
 * headers are dropped, since the nodes (TRUST_PROXY) take the first address of the list.
 */
function balancer(nodes: Node[]): http.Server {
  const proxy = createProxyServer({ xfwd: true });
  let turn = 0;
  const pick = (): Node | undefined => {
    const now = Date.now();
    for (let tried = 0; tried < nodes.length; tried++) {
      const node = nodes[turn++ % nodes.length]!;
      if (running(node) && node.downUntil <= now) return node;
    }
    return undefined;
  };
  const forward = (req: http.IncomingMessage) => {
    for (const header of ["for", "host", "proto", "port"])
      delete req.headers[`x-forwarded-${header}`];
    return pick();
  };
  const unavailable = (res: http.ServerResponse | Duplex) => {
    if (res instanceof http.ServerResponse) {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("No node answered.");
    } else res.destroy();
  };
  const failed = (node: Node, res: http.ServerResponse | Duplex) => (error: Error) => {
    if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED")
      node.downUntil = Date.now() + DOWN_MS;
    unavailable(res);
  };
  const server = http.createServer((req, res) => {
    const node = forward(req);
    if (!node) return unavailable(res);
    proxy.web(req, res, { target: node.origin }, failed(node, res));
  });
  server.on("upgrade", (req, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    const node = forward(req);
    if (!node) return unavailable(socket);
    proxy.ws(req, socket, head, { target: node.origin }, failed(node, socket));
  });
  return server;
}

async function main(args: string[]): Promise<void> {
  let settings: ReturnType<typeof options>;
  try {
    settings = options(args);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  const { nodes: count, port, host, apiOnly, build } = settings;
  const site = `http://${host}:${port}`;
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL || DEFAULT_REDIS_URL,
    NEXTAUTH_SECRET:
      process.env.NEXTAUTH_SECRET ||
      (await localSecret(path.join(process.env.DATA_DIR || ".data", "cluster"))),
    // Every node signs and checks sessions for the address players use: the proxy's.
    NEXTAUTH_URL: site,
    TRUST_PROXY: "true",
  };

  await prepareDatabase(databaseUrl);
  if (!apiOnly && build) {
    say("building the pages (next build; --skip-build to serve the last build)");
    const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
    await run([nextBin, "build"], env);
  }

  const entry = apiOnly ? path.join("src", "server", "api-server.ts") : "server.ts";
  const nodes = await Promise.all(
    Array.from({ length: count }, (_, index) => startNode(`node-${index + 1}`, entry, env)),
  );
  const proxy = balancer(nodes);

  let stopping = false;
  const stop = async (signal: string, code: number) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping the nodes (SIGTERM: each hands its matches over)`);
    await Promise.all(nodes.map(stopNode));
    proxy.closeAllConnections();
    proxy.close();
    say("stopped");
    process.exit(code);
  };
  process.on("SIGINT", () => void stop("SIGINT", 0));
  process.on("SIGTERM", () => void stop("SIGTERM", 0));
  for (const node of nodes)
    node.child.once("exit", (code, signal) => {
      if (!stopping) say(`${node.id} exited (${signal ?? code}); the others go on`);
    });

  try {
    await Promise.all(nodes.map(ready));
    await new Promise<void>((resolve, reject) => {
      proxy.once("error", reject);
      proxy.listen(port, host, resolve);
    });
  } catch (error) {
    say(`not started: ${error instanceof Error ? error.message : String(error)}`);
    return stop("failure", 1);
  }
  for (const node of nodes) say(`${node.id}: ${node.origin} (pid ${node.child.pid})`);
  say(`ready: ${site} (round robin over ${count} nodes${apiOnly ? ", API only" : ""})`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  say(`failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
