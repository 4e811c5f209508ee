// npm run bench:abuse -- [--seconds S] [--workers N] [--addresses A]
//
// What floods do to a live game (issue 52). Starts an embedded PostgreSQL and the API server
// (src/server/api-server.ts) as bench/live.ts does, seats three bot players at a table over
// their own WebSockets and has them play random legal actions (each seat every 0.2–0.4 s), then
// runs S seconds of each phase while the table plays: quiet; a sign-up flood (N concurrent
// `account.signUp` over HTTP, again and again); a socket flood (N concurrent WebSocket upgrades,
// signed out and of one player, each held to the phase's end); an open flood (one player's
// `match.open` over HTTP, N at a time). Each flood runs in a process of its own at the lowest
// priority, from A loopback addresses of its own (bench/abuse-flood.ts). For each phase it prints the table's action latency
// (sent → its events reached all three seats): p50, p99 and the worst, and what the flood got
// (accepted, refused, failed). Goal: each flood's p99 within 2× of the quiet run's. One JSON
// line at the end.

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { setPriority, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { encode } from "next-auth/jwt";
import { mulberry32 } from "@/engine";
import { createDb } from "@/server/db/client";
import { freePort, startEmbeddedPostgres } from "@/server/db/embedded";
import { migrate } from "@/server/db/migrate";
import { TRPC_WS_PATH } from "@/server/http";
import {
  percentile,
  playSeat,
  round,
  setUpTable,
  sleep,
  waitForHealth,
  type Stats,
} from "./live-client";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "15" },
    workers: { type: "string", default: "50" },
    addresses: { type: "string", default: "4" },
  },
});
const SECONDS = Number(args.seconds);
const WORKERS = Number(args.workers);
/** The attacker's own addresses: the players come from 127.0.0.1, the flood from others. */
const ADDRESSES = Number(args.addresses);
const PACE_MS = { min: 200, max: 400 };
/**
 * How long one table plays before the game moves to a new one: random play at this pace can
 * reach a hand where nobody has anything to do for a while (all waiting on a clock).
 */
const TABLE_MS = 6_000;
/** Between phases: a flood's leftovers (sockets closing, answers in flight) drain. */
const DRAIN_MS = 2_000;

const log = (message: string) => process.stderr.write(`${message}\n`);
const random = mulberry32(20261207);

type Tally = { accepted: number; refused: number; failed: number };

/**
 * Runs one flood in a process of its own at the lowest priority (bench/abuse-flood.ts): the
 * attacker's work stands for another machine's, not for the server's or the players'.
 */
function flood(phase: string, origin: string, cookie: string): Promise<Tally> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join("bench", "abuse-flood.ts"),
      phase,
      origin,
      String(SECONDS),
      String(WORKERS),
      String(ADDRESSES),
      cookie,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  setPriority(child.pid!, 19);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(output) as Tally)
        : reject(new Error(`flood ${phase}: ${code}`)),
    ),
  );
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), "machiavelox-bench-abuse-"));
  const database = await startEmbeddedPostgres(dir, log);
  const secret = randomBytes(32).toString("base64url");
  const port = await freePort();
  const origin = `127.0.0.1:${port}`;
  await migrate(database.url);
  const server = spawn(
    process.execPath,
    ["--max-semi-space-size=32", "--import", "tsx", path.join("src", "server", "api-server.ts")],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: database.url,
        NEXTAUTH_SECRET: secret,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  try {
    await waitForHealth(origin, server);
    const db = createDb(database.url);
    const run = randomBytes(3).toString("hex");
    const names = [0, 1, 2, 3].map((i) => `abuse_${run}_${i}`);
    await db.user.createMany({
      data: names.map((name) => ({ name, nameKey: name, passwordHash: "!" })),
    });
    const users = await db.user.findMany({
      where: { name: { in: names } },
      select: { id: true, name: true },
      orderBy: { name: "asc" },
    });
    await db.$disconnect();
    const cookies = await Promise.all(
      users.map(async (user) => {
        const token = await encode({ token: { sub: user.id, name: user.name }, secret });
        return `next-auth.session-token=${token}`;
      }),
    );
    const [flooder, ...players] = [cookies[3]!, ...cookies.slice(0, 3)];

    const url = `ws://${origin}${TRPC_WS_PATH}`;
    const stats: Stats = { latencies: [], actions: 0, errors: 0, refused: 0 };
    let playing = true;
    let tablesSetUp = 0;
    let dropped = 0;
    // The live game: a new table every TABLE_MS (or when a hand ends) until the last phase is over.
    const game = (async () => {
      while (playing) {
        const table = await setUpTable(url, players, stats, random);
        tablesSetUp++;
        // A seat whose socket the server dropped (its keep-alive gave up while the event loop
        // was blocked) stops the table: a new one is set up, as players would reconnect.
        let closing = false;
        for (const seat of table.seats)
          seat.socket.onClose((code) => {
            if (closing) return;
            dropped++;
            log(`abuse: the server closed a seat's socket (${code})`);
            for (const other of table.seats) other.bot.over = true;
          });
        await Promise.all(
          table.seats.map((_, seat) =>
            playSeat(table, seat, performance.now() + TABLE_MS, stats, {
              random,
              pace: PACE_MS,
              log,
            }),
          ),
        );
        closing = true;
        for (const seat of table.seats) seat.socket.close();
      }
    })();
    await sleep(2_000);

    const phases: Record<string, (until: number) => Promise<Tally | null>> = {
      quiet: async (until) => {
        await sleep(until - performance.now());
        return null;
      },
      signUps: () => flood("signUps", origin, flooder),
      sockets: () => flood("sockets", origin, flooder),
      opens: () => flood("opens", origin, flooder),
    };
    const results: Record<string, unknown> = {};
    let quietP99 = 0;
    for (const [phase, runPhase] of Object.entries(phases)) {
      stats.latencies = [];
      const tablesBefore = tablesSetUp;
      const droppedBefore = dropped;
      const tally = await runPhase(performance.now() + SECONDS * 1000);
      const latencies = [...stats.latencies].sort((a, b) => a - b);
      const p99 = percentile(latencies, 99);
      if (phase === "quiet") quietP99 = p99;
      const result = {
        actions: latencies.length,
        p50_ms: round(percentile(latencies, 50)),
        p99_ms: round(p99),
        worst_ms: round(latencies.at(-1) ?? 0),
        /** Tables the game had to open during the phase (a hand ended): opening waits too. */
        new_tables: tablesSetUp - tablesBefore,
        dropped_sockets: dropped - droppedBefore,
        ...(tally && { flood: tally, p99_ratio: round(p99 / Math.max(quietP99, 0.1)) }),
      };
      results[phase] = result;
      log(`abuse: ${phase}: ${JSON.stringify(result)}`);
      await sleep(DRAIN_MS);
    }
    playing = false;
    await game;
    console.log(
      JSON.stringify({ seconds: SECONDS, workers: WORKERS, errors: stats.errors, ...results }),
    );
  } finally {
    await new Promise((resolve) => {
      server.once("exit", resolve);
      server.kill("SIGTERM");
    });
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
