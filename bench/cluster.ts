// npm run bench:cluster -- --nodes N --matches M --seconds S [--kill K]
//
// A site of N API nodes (src/server/api-server.ts with REDIS_URL and a NODE_ID each) under
// bench:live's load, with K of them killed (SIGKILL) halfway through. The nodes share one
// embedded PostgreSQL started here, as bench:live's (the same database, settings and
// fsync as the single node it is compared with, and no other session's databases on it), and
// the machine's Redis (REDIS_URL, default redis://127.0.0.1:6379) under a REDIS_PREFIX of this
// run's own. Match i is opened on node i mod N, which plays it; its seats connect to the next
// nodes round the ring, so two of three seats reach a node that does not own their match (all
// three on one node). Each seat plays as in bench:live (live-client.ts). A seat whose node died
// connects to the next node still running and resumes its stream from the last event it
// received; an action that failed for want of an answer (its connection closed, no answer in
// time, the match moving: SERVICE_UNAVAILABLE) is sent once more.
//
// After the run the log is read back: each acknowledged action must be in it (the match's log
// replayed, an action's event id and seat after each player's entry), and the leases say which
// matches changed owner (epoch > 1). Progress and the processes' CPU go to stderr; one JSON line
// last on stdout, the fields of issue 49's "Measured".

import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { mulberry32 } from "@/engine";
import { createDb, type Db } from "@/server/db/client";
import { freePort, startEmbeddedPostgres } from "@/server/db/embedded";
import { migrate } from "@/server/db/migrate";
import { replayMatch, stateAt } from "@/server/games/replay";
import { TRPC_WS_PATH } from "@/server/http";
import {
  benchPlayers,
  CallError,
  cpuSeconds,
  followSeat,
  LIVE_PACE_MS,
  percentile,
  playSeat,
  round,
  setUpTable,
  setUpTables,
  sleep,
  spawnApiServer,
  TrpcSocket,
  unheard,
  waitForHealth,
  type Stats,
  type Table,
} from "./live-client";

const { values: args } = parseArgs({
  options: {
    nodes: { type: "string", default: "3" },
    matches: { type: "string", default: "300" },
    seconds: { type: "string", default: "60" },
    kill: { type: "string", default: "0" },
  },
});
const NODES = Number(args.nodes);
const MATCHES = Number(args.matches);
const SECONDS = Number(args.seconds);
const KILL = Number(args.kill);
if (!Number.isInteger(NODES) || NODES < 1) throw new Error("--nodes: 1 or more");
if (!Number.isInteger(KILL) || KILL < 0 || KILL >= NODES)
  throw new Error("--kill: fewer than --nodes (a node must survive)");
const SEATS = 3;
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
/**
 * An action unanswered this long fails and is sent again: longer than a node waits for a moving
 * match (relay.ts, MOVE_WAIT_MS) plus an owner's answer (ANSWER_MS).
 */
const ANSWER_TIMEOUT_MS = 20_000;
/** The errors after which an action is sent once more: no answer came, or the match moved. */
const RETRIED = new Set(["CLOSED", "TIMEOUT", "SERVICE_UNAVAILABLE"]);
/** The log's entries that are no player's action (timers, presence). */
const NOT_ACTIONS = new Set(["advance", "disconnect", "reconnect"]);

const log = (message: string) => process.stderr.write(`${message}\n`);
const random = mulberry32(20261207);

type Node = {
  id: string;
  url: string;
  origin: string;
  child: ChildProcess;
  /** The node's warnings and errors, counted by message. */
  warnings: Map<string, number>;
};

const running = (node: Node) => node.child.exitCode === null && node.child.signalCode === null;

async function startNode(index: number, site: string, env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const id = `${site}-${index}`;
  const child = spawnApiServer(
    port,
    { ...env, NODE_ID: id },
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const node: Node = {
    id,
    origin: `127.0.0.1:${port}`,
    url: `ws://127.0.0.1:${port}${TRPC_WS_PATH}`,
    child,
    warnings: new Map(),
  };
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream! }).on("line", (line) => {
      // pino's JSON lines: counted by message, told once each; anything else as it comes.
      const entry = /^\{/.test(line) ? (JSON.parse(line) as { msg?: string; err?: object }) : null;
      if (!entry) return log(`[node ${index}] ${line}`);
      const message = entry.msg ?? "error";
      const seen = node.warnings.get(message) ?? 0;
      node.warnings.set(message, seen + 1);
      if (seen === 0) log(`[node ${index}] ${entry.err ? line : line.slice(0, 300)}`);
    });
  child.once("exit", (code, signal) => {
    // `killed`: the bench signalled it (the kill halfway, the stop at the end).
    if (!child.killed)
      log(`cluster: node ${index} (${id}) exited by itself (${signal ?? `code ${code}`})`);
  });
  await waitForHealth(node.origin, child);
  return node;
}

type Health = {
  ownedMatches: number;
  liveMatches: number;
  relay: { asked: number; served: number } | undefined;
};

async function health(node: Node): Promise<Health | null> {
  if (!running(node)) return null;
  const answer = await fetch(`http://${node.origin}/health`).catch(() => null);
  return answer?.ok ? ((await answer.json()) as Health) : null;
}

/**
 * The CPU seconds of a process and its children (PostgreSQL's backends) from /proc: the running
 * children's, and those of the children it reaped (a node's connections close when it dies).
 */
async function treeCpuSeconds(root: number): Promise<number> {
  const fields = async (pid: number | string) => {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    return stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
  };
  const pids = (await readdir("/proc")).filter((name) => /^\d+$/.test(name));
  const children = await Promise.all(
    pids.map(async (pid) => {
      const stat = await fields(pid);
      return stat[1] === root ? stat[11]! + stat[12]! : 0;
    }),
  );
  const own = await fields(root);
  const ticks = own[11]! + own[12]! + own[13]! + own[14]!;
  return (ticks + children.reduce((sum, one) => sum + one, 0)) / 100;
}

/** What PostgreSQL logged about deadlocks: each one's processes and statements. */
async function deadlocks(logFile: string): Promise<string[]> {
  const lines = (await readFile(logFile, "utf8").catch(() => "")).split("\n");
  return lines.flatMap((line, index) =>
    line.includes("deadlock detected") ? [lines.slice(index, index + 16).join("\n")] : [],
  );
}

/** The pid of the machine's redis-server (shared with other sessions: its CPU is theirs too). */
async function redisPid(): Promise<number | null> {
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const comm = await readFile(`/proc/${pid}/comm`, "utf8").catch(() => "");
    if (comm.trim() === "redis-server") return Number(pid);
  }
  return null;
}

const loadAverage = async () => (await readFile("/proc/loadavg", "utf8")).split(" ", 3).join(" ");

/**
 * The seats' connections, each watched: when its node dies, the seat connects to the next node
 * still running and follows its stream again from the last event it received.
 */
class Seats {
  tables: Table[] = [];
  reconnected = 0;
  /** For each seat connected again: ms from its connection's close to the new one open. */
  readonly opened: number[] = [];
  /** And to the first message of its stream followed again (its catch-up). */
  readonly followed: number[] = [];
  private stopping = false;
  /** Seats connecting again, until their new connection follows the stream. */
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly nodes: Node[],
    private readonly stats: (table: Table) => Stats,
  ) {}

  watch(table: Table, seat: number, node: number) {
    table.seats[seat]!.socket.onClose(() => {
      if (this.stopping) return;
      const key = `${table.matchId}:${seat}`;
      const done = this.reconnect(table, seat, node).finally(() => this.pending.delete(key));
      this.pending.set(key, done);
    });
  }

  /** Resolves once the seat may send again: its connection open, or open again. */
  async ready(table: Table, seat: number): Promise<void> {
    await this.pending.get(`${table.matchId}:${seat}`);
  }

  stop() {
    this.stopping = true;
    for (const table of this.tables) for (const seat of table.seats) seat.socket.close();
  }

  private async reconnect(table: Table, seat: number, from: number): Promise<void> {
    const { cookie, bot } = table.seats[seat]!;
    const closed = performance.now();
    for (let step = 1; !this.stopping && this.nodes.some(running); step++) {
      const index = (from + step) % this.nodes.length;
      const node = this.nodes[index]!;
      const socket = running(node)
        ? await TrpcSocket.open(node.url, cookie).catch(() => null)
        : null;
      if (!socket) {
        if (index === from) await sleep(100);
        continue;
      }
      table.seats[seat]!.socket = socket;
      this.opened.push(performance.now() - closed);
      followSeat(table, seat, socket, this.stats(table), bot.lastEventId || undefined, () =>
        this.followed.push(performance.now() - closed),
      );
      this.reconnected++;
      this.watch(table, seat, index);
      return;
    }
  }
}

/** Each acknowledged action the log lacks: its seat's entry with its event id is not there. */
async function lostAcknowledged(db: Db, table: Table): Promise<number> {
  const replayed = await replayMatch(db, table.matchId);
  const logged = new Set<string>();
  if (replayed)
    replayed.entries.forEach((entry, index) => {
      if (entry.seat === null || NOT_ACTIONS.has(entry.command.do)) return;
      const state = stateAt(replayed, index + 1)!;
      logged.add(`${entry.seat}:${replayed.rules.lastEventIdOf(state)}`);
    });
  return table.seats.reduce(
    (sum, { acknowledged }, seat) =>
      sum + acknowledged.filter(({ eventId }) => !logged.has(`${seat}:${eventId}`)).length,
    0,
  );
}

/**
 * The latencies of the actions sent in [from, to) (performance.now()), sorted; `all`'s
 * latencies must come with their send times.
 */
function sentBetween(all: Stats[], from: number, to: number): number[] {
  return all
    .flatMap((stats) =>
      stats.latencies.filter((_, i) => stats.sentAt![i]! >= from && stats.sentAt![i]! < to),
    )
    .sort((a, b) => a - b);
}

function merged(all: Stats[]): Stats {
  return {
    latencies: all.flatMap((stats) => stats.latencies).sort((a, b) => a - b),
    actions: all.reduce((sum, stats) => sum + stats.actions, 0),
    errors: all.reduce((sum, stats) => sum + stats.errors, 0),
    refused: all.reduce((sum, stats) => sum + stats.refused, 0),
  };
}

async function benchCluster(databaseUrl: string, postmaster: number) {
  const secret = randomBytes(32).toString("base64url");
  const site = `bench-${randomBytes(4).toString("hex")}`;
  const env = {
    DATABASE_URL: databaseUrl,
    NEXTAUTH_SECRET: secret,
    REDIS_URL,
    REDIS_PREFIX: `${site}:`,
  };
  const nodes = await Promise.all(
    Array.from({ length: NODES }, (_, index) => startNode(index, site, env)),
  );
  log(`cluster: ${NODES} nodes on Redis prefix ${site}: (load average ${await loadAverage()})`);
  const db = createDb(databaseUrl);
  try {
    const cookies = await benchPlayers(databaseUrl, MATCHES * SEATS, secret);
    const statsOf = new Map<Table, Stats>();
    const seats = new Seats(nodes, (table) => statsOf.get(table)!);
    /** Match i is opened on node i mod N; seat s connects to node i + 1 + s. */
    const nodeOf = (match: number, seat: number) => (match + 1 + seat) % NODES;
    const opener = new Map<string, number>();
    const tables = await setUpTables(MATCHES, async (i) => {
      const stats: Stats = { latencies: [], actions: 0, errors: 0, refused: 0, sentAt: [] };
      const table = await setUpTable(
        Array.from({ length: SEATS }, (_, seat) => nodes[nodeOf(i, seat)]!.url),
        cookies.slice(i * SEATS, i * SEATS + SEATS),
        stats,
        random,
        "machiavelox",
        nodes[i % NODES]!.url,
      );
      statsOf.set(table, stats);
      opener.set(table.matchId, i % NODES);
      table.seats.forEach((_, seat) => seats.watch(table, seat, nodeOf(i, seat)));
      return table;
    });
    seats.tables = tables;
    const offOwner = MATCHES * (NODES === 1 ? 0 : SEATS - 1);
    log(
      `cluster: ${tables.length} matches, ${tables.length * SEATS} clients (${offOwner} on a node that does not own their match); playing ${SECONDS} s`,
    );

    const redis = await redisPid();
    const cpuBefore = {
      nodes: await Promise.all(nodes.map((node) => cpuSeconds(node.child.pid!))),
      database: await treeCpuSeconds(postmaster),
      redis: redis ? await cpuSeconds(redis) : 0,
      bench: process.cpuUsage(),
    };
    const killed: Node[] = [];
    let killedAt = Infinity;
    const start = performance.now();
    const until = start + SECONDS * 1000;
    const kill = KILL
      ? sleep((SECONDS * 1000) / 2).then(async () => {
          // The nodes owning the most matches (each owns some): their matches must move.
          const owned = await Promise.all(nodes.map(health));
          const order = nodes
            .map((node, index) => ({ node, owned: owned[index]?.ownedMatches ?? 0 }))
            .filter(({ node }) => running(node))
            .sort((a, b) => b.owned - a.owned)
            .slice(0, KILL);
          killedAt = performance.now();
          for (const { node } of order) {
            node.child.kill("SIGKILL");
            killed.push(node);
          }
          log(
            `cluster: killed ${order.map(({ node, owned }) => `${node.id} (owning ${owned} matches)`).join(", ")} at ${round((killedAt - start) / 1000)} s (load average ${await loadAverage()})`,
          );
        })
      : Promise.resolve();
    const retry = async (table: Table, seat: number, error: CallError) => {
      if (!RETRIED.has(error.code)) return false;
      await seats.ready(table, seat);
      return true;
    };
    await Promise.all([
      kill,
      ...tables.flatMap((table) =>
        table.seats.map((_, seat) =>
          playSeat(table, seat, until, statsOf.get(table)!, {
            random,
            pace: LIVE_PACE_MS,
            log,
            timeoutMs: ANSWER_TIMEOUT_MS,
            retry,
          }),
        ),
      ),
    ]);
    await sleep(1000);
    const share = (seconds: number) => `${Math.round((100 * seconds) / (SECONDS + 1))}%`;
    const nodesCpu = await Promise.all(
      nodes.map(async (node, index) =>
        running(node) ? (await cpuSeconds(node.child.pid!)) - cpuBefore.nodes[index]! : null,
      ),
    );
    const databaseCpu = (await treeCpuSeconds(postmaster)) - cpuBefore.database;
    const redisCpu = redis ? (await cpuSeconds(redis)) - cpuBefore.redis : 0;
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    log(
      `cluster: CPU over the run (of one core): nodes ${nodesCpu.map((cpu) => (cpu === null ? "killed" : share(cpu))).join(" ")}, bench clients ${share((benchCpu.user + benchCpu.system) / 1e6)}, PostgreSQL ${share(databaseCpu)}, Redis ${share(redisCpu)} (the machine's, shared); load average ${await loadAverage()}`,
    );
    const finals = await Promise.all(nodes.map(health));
    log(
      `cluster: nodes at the end: ${finals.map((h, index) => (h ? `${nodes[index]!.id} owns ${h.ownedMatches}, relay asked ${h.relay?.asked} served ${h.relay?.served}` : `${nodes[index]!.id} down`)).join("; ")}`,
    );
    for (const table of tables) statsOf.get(table)!.errors += unheard([table]);
    seats.stop();

    const leases = await db.matchLease.findMany({
      where: { matchId: { in: tables.map((table) => table.matchId) } },
      select: { matchId: true, nodeId: true, epoch: true },
    });
    const moved = new Set(
      leases
        .filter(
          (lease) => lease.epoch > 1 || lease.nodeId !== nodes[opener.get(lease.matchId)!]!.id,
        )
        .map((lease) => lease.matchId),
    );
    // How long each moved match took to take an action again: the first sent after the kill.
    const takeovers = tables
      .filter((table) => moved.has(table.matchId))
      .map((table) => {
        const after = table.seats.flatMap((seat) =>
          seat.acknowledged.filter((ack) => ack.sent >= killedAt).map((ack) => ack.answered),
        );
        return after.length > 0 ? (Math.min(...after) - killedAt) / 1000 : null;
      });
    const resumed = takeovers
      .filter((seconds): seconds is number => seconds !== null)
      .sort((a, b) => a - b);
    let lost = 0;
    for (const table of tables) lost += await lostAcknowledged(db, table);
    const checked = tables.reduce(
      (sum, table) => sum + table.seats.reduce((n, seat) => n + seat.acknowledged.length, 0),
      0,
    );
    log(`cluster: ${checked} acknowledged actions looked for in the log, ${lost} missing`);

    const all = merged([...statsOf.values()]);
    const stayed = merged(tables.filter((t) => !moved.has(t.matchId)).map((t) => statsOf.get(t)!));
    const warnings = new Map<string, number>();
    for (const node of nodes)
      for (const [message, count] of node.warnings)
        warnings.set(message, (warnings.get(message) ?? 0) + count);
    const stale = [...warnings]
      .filter(([message]) => message.startsWith("append refused"))
      .reduce((sum, [, count]) => sum + count, 0);
    log(
      `cluster: latency p99.9 ${round(percentile(all.latencies, 99.9))} ms, max ${round(all.latencies.at(-1) ?? 0)} ms; matches that stayed on their node: p50 ${round(percentile(stayed.latencies, 50))} / p99 ${round(percentile(stayed.latencies, 99))} ms`,
    );
    log(
      `cluster: ${all.refused} actions refused by the game (the table had moved), ${seats.reconnected} seats connected again, ${all.actions - all.latencies.length - all.refused - all.errors} actions unsettled at the end`,
    );
    if (seats.reconnected > 0) {
      const told = (name: string, ms: number[]) => {
        const sorted = [...ms].sort((a, b) => a - b);
        return `${name} p50 ${round(percentile(sorted, 50))} / p90 ${round(percentile(sorted, 90))} / max ${round(sorted.at(-1) ?? 0)} ms`;
      };
      log(
        `cluster: seats connected again, from their connection's close: ${told("open", seats.opened)}; ${told("stream followed", seats.followed)}`,
      );
    }
    if (killed.length > 0) {
      // Where the tail lies: the actions sent while the site recovered, against the others.
      const phases = [
        ["before the kill", start, killedAt],
        ["in the 10 s after it", killedAt, killedAt + 10_000],
        ["later", killedAt + 10_000, Infinity],
      ] as const;
      const told = phases.map(([name, from, to]) => {
        const latencies = sentBetween([...statsOf.values()], from, to);
        return `${name} p50 ${round(percentile(latencies, 50))} / p99 ${round(percentile(latencies, 99))} ms (${latencies.length} actions)`;
      });
      log(`cluster: actions sent ${told.join("; ")}`);
    }
    if (resumed.length > 0)
      log(
        `cluster: moved matches took actions again after ${round(percentile(resumed, 50))} s (median), ${round(resumed.at(-1)!)} s (last)`,
      );
    for (const [message, count] of warnings) log(`cluster: nodes logged ${count}× "${message}"`);

    for (const node of nodes.filter(running)) node.child.kill("SIGTERM");
    await Promise.all(
      nodes.map((node) =>
        running(node) ? new Promise((resolve) => node.child.once("exit", resolve)) : null,
      ),
    );
    return {
      nodes: NODES,
      matches: MATCHES,
      clients: MATCHES * SEATS,
      actions: all.actions,
      p50_ms: round(percentile(all.latencies, 50)),
      p99_ms: round(percentile(all.latencies, 99)),
      errors: all.errors,
      killed: killed.length,
      matches_moved: moved.size,
      resumed: resumed.length,
      lost_acknowledged: lost,
      takeover_max_s: round(Math.max(0, ...resumed)),
      stale_appends_refused: stale,
    };
  } finally {
    for (const node of nodes.filter(running)) node.child.kill("SIGKILL");
    await db.$disconnect();
  }
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), "machiavelox-bench-cluster-"));
  const database = await startEmbeddedPostgres(dir, log);
  try {
    await migrate(database.url);
    const postmaster = Number(
      (await readFile(path.join(dir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0],
    );
    const result = await benchCluster(database.url, postmaster);
    const found = await deadlocks(path.join(dir, "postgres", "postgres.log"));
    log(
      `cluster: PostgreSQL detected ${found.length} deadlocks${found.length ? `; the first:\n${found[0]}` : ""}`,
    );
    console.log(JSON.stringify(result));
  } finally {
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
