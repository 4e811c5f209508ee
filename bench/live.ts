// npm run bench:live -- --matches N --seconds S [--cpu-prof] [--trace-gc] [--server-flags "…"]
//
// Load and latency of the live server, from a second process over loopback. It starts an
// embedded PostgreSQL and the API server (src/server/api-server.ts), creates the bot players
// directly in the database with session cookies signed by the server's secret (signing in
// thousands of players would only measure bcrypt), opens N matches of three seats through the
// real API, follows every seat over its own WebSocket, and has each seat play a random legal
// action from its own view about every 2 s. Latency: from sending an action to the moment all
// three seats have received its events. The same traffic shape then runs through a bare `ws`
// relay (bench/live-relay.ts) as the baseline. Prints one JSON line at the end. `--game classic`:
// classic Machiavelli tables of four instead, turn-based (only the mover acts: a random play, a
// careless failed move now and then, or a draw), "all three" above read "all four". `--trace-gc`
// also reports the server's GC pauses and its heap after each full GC: what stays alive, which
// RSS (the heap's room to grow included) does not show. `--server-flags` passes more Node or V8
// flags to the server (a diagnosis, e.g. "--trace-gc-nvp" with --trace-gc).
//
// The clients speak tRPC's WebSocket protocol directly (JSON-RPC with superjson's `json`
// part) rather than through @trpc/client: thousands of links with their observables would
// make this process, not the server, the thing measured.

import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { mulberry32 } from "@/engine";
import { freePort, startEmbeddedPostgres } from "@/server/db/embedded";
import { migrate } from "@/server/db/migrate";
import { TRPC_WS_PATH } from "@/server/http";
import {
  benchPlayers,
  cpuSeconds,
  percentile,
  playSeat,
  round,
  rssMb,
  LIVE_PACE_MS,
  setUpTable,
  setUpTables,
  sleep,
  spawnApiServer,
  waitForHealth,
  type Stats,
  unheard,
} from "./live-client";

const { values: args } = parseArgs({
  options: {
    matches: { type: "string", default: "100" },
    game: { type: "string", default: "machiavelox" },
    seconds: { type: "string", default: "30" },
    "cpu-prof": { type: "boolean", default: false },
    "trace-gc": { type: "boolean", default: false },
    "server-flags": { type: "string", default: "" },
  },
});
const MATCHES = Number(args.matches);
if (args.game !== "machiavelox" && args.game !== "classic")
  throw new Error(`--game is machiavelox or classic, not ${args.game}`);
const GAME = args.game;
/** Seats per table: Machiavelox is played by three; the classic mix by four. */
const SEATS = GAME === "classic" ? 4 : 3;
const SECONDS = Number(args.seconds);
const log = (message: string) => process.stderr.write(`${message}\n`);
const random = mulberry32(20261130);

/**
 * With --trace-gc: the server's GC pauses, and its heap after each full GC, from V8's trace of
 * the main thread (the bots' worker threads trace their own heaps too).
 */
function traceGc(server: ChildProcess) {
  if (!server.stdout) return null;
  let main: string | null = null;
  const scavenges: number[] = [];
  const full: { ms: number; afterMb: number }[] = [];
  let rest = "";
  server.stdout.on("data", (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split("\n");
    rest = lines.pop()!;
    for (const line of lines) {
      // "[pid:0xisolate]  9558 ms: Mark-Compact 47.9 (77.6) -> 34.8 (77.6) MB, 38.88 / 0.03 ms …"
      const trace =
        /^\[(\d+:0x[0-9a-f]+)\].*: (Scavenge|Mark-Compact)[^\d]*[\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, ([\d.]+)/.exec(
          line,
        );
      if (!trace) process.stdout.write(`${line}\n`);
      else if ((main ??= trace[1]!) !== trace[1]) continue;
      else if (trace[2] === "Scavenge") scavenges.push(Number(trace[4]));
      else full.push({ ms: Number(trace[4]), afterMb: Number(trace[3]) });
    }
  });
  return {
    report() {
      const sorted = [...scavenges].sort((a, b) => a - b);
      const total = (ms: number[]) => Math.round(ms.reduce((sum, one) => sum + one, 0));
      log(
        `live: server GC: ${sorted.length} scavenges (p50 ${percentile(sorted, 50)} ms, max ${sorted.at(-1) ?? 0} ms, ${total(sorted)} ms in all), ${full.length} full GCs (max ${Math.max(0, ...full.map((one) => one.ms))} ms, ${total(full.map((one) => one.ms))} ms in all)`,
      );
      log(
        `live: server heap after each full GC (MB): ${full.map((one) => Math.round(one.afterMb)).join(" ")}`,
      );
    },
  };
}

async function benchLive(databaseUrl: string) {
  const secret = randomBytes(32).toString("base64url");
  const port = await freePort();
  const origin = `127.0.0.1:${port}`;
  const profile = args["cpu-prof"] ? ["--cpu-prof", "--cpu-prof-dir=.data/bench-profiles"] : [];
  if (args["trace-gc"]) profile.push("--trace-gc");
  profile.push(...args["server-flags"].split(" ").filter(Boolean));
  const server = spawnApiServer(
    port,
    { DATABASE_URL: databaseUrl, NEXTAUTH_SECRET: secret },
    { flags: profile, stdio: ["ignore", args["trace-gc"] ? "pipe" : "inherit", "inherit"] },
  );
  const gc = traceGc(server);
  await waitForHealth(origin, server);

  const cookies = await benchPlayers(databaseUrl, MATCHES * SEATS, secret);

  const stats: Stats = { latencies: [], actions: 0, errors: 0, refused: 0 };
  const url = `ws://${origin}${TRPC_WS_PATH}`;
  const tables = await setUpTables(MATCHES, (i) =>
    setUpTable(url, cookies.slice(i * SEATS, i * SEATS + SEATS), stats, random, GAME),
  );
  log(
    `live: ${tables.length} ${GAME} matches, ${tables.length * SEATS} clients; playing ${SECONDS} s`,
  );

  const rss: number[] = [];
  const sampler = setInterval(() => void rssMb(server.pid!).then((mb) => rss.push(mb)), 1000);
  const cpuBefore = { server: await cpuSeconds(server.pid!), bench: process.cpuUsage() };
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    tables.flatMap((table) =>
      table.seats.map((_, seat) =>
        playSeat(table, seat, until, stats, { random, pace: LIVE_PACE_MS, log }),
      ),
    ),
  );
  await sleep(1000);
  clearInterval(sampler);
  const serverCpu = (await cpuSeconds(server.pid!)) - cpuBefore.server;
  const benchCpu = process.cpuUsage(cpuBefore.bench);
  const share = (seconds: number) => `${Math.round((100 * seconds) / (SECONDS + 1))}%`;
  log(
    `live: CPU over the run: server ${share(serverCpu)}, bench clients ${share((benchCpu.user + benchCpu.system) / 1e6)} (of one core); server ${Math.round((1e6 * serverCpu) / Math.max(1, stats.actions))} µs per action`,
  );
  stats.errors += unheard(tables);
  const frames = tables.flatMap((table) => table.seats.map((seat) => seat.socket));
  const averageFrame =
    frames.reduce((sum, s) => sum + s.bytes, 0) /
    Math.max(
      1,
      frames.reduce((sum, s) => sum + s.frames, 0),
    );
  const finalRss = await rssMb(server.pid!);
  log(
    `live: server RSS over the run (MB): ${rss.filter((_, i) => i % 5 === 0).join(" ")} … ${finalRss}`,
  );
  log(`live: ${stats.refused} actions refused by the game (the table had moved)`);
  log(`live: seat messages average ${Math.round(averageFrame)} bytes`);
  for (const socket of frames) socket.close();
  gc?.report();
  await new Promise((resolve) => {
    server.once("exit", resolve);
    server.kill("SIGTERM");
  });
  return { stats, rssMb: finalRss, averageFrame };
}

/** The same clients, pace and payload sizes through a bare relay: what WebSockets cost alone. */
async function benchBaseline(payload: number): Promise<number[]> {
  const port = await freePort();
  const relay = spawn(
    process.execPath,
    ["--import", "tsx", path.join("bench", "live-relay.ts"), String(port)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise((resolve) => relay.stdout!.once("data", resolve));
  const latencies: number[] = [];
  const tables = await Promise.all(
    Array.from({ length: MATCHES }, async (_, table) => {
      const sockets = await Promise.all(
        Array.from(
          { length: SEATS },
          () =>
            new Promise<WebSocket>((resolve, reject) => {
              const socket = new WebSocket(`ws://127.0.0.1:${port}/?table=${table}`);
              socket.once("open", () => resolve(socket));
              socket.once("error", reject);
            }),
        ),
      );
      const heard = new Map<number, { sent: number; count: number }>();
      for (const socket of sockets)
        socket.on("message", (raw) => {
          const message = JSON.parse(raw.toString()) as { event?: number };
          if (message.event === undefined) return;
          const entry = heard.get(message.event);
          if (entry && ++entry.count === SEATS) {
            latencies.push(performance.now() - entry.sent);
            heard.delete(message.event);
          }
        });
      return { sockets, heard };
    }),
  );
  let nextId = 1;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    // Classic is turn-based: one sender a table, as one mover acts at a time.
    tables.flatMap(({ sockets, heard }) =>
      (GAME === "classic" ? sockets.slice(0, 1) : sockets).map(async (socket) => {
        await sleep(random() * LIVE_PACE_MS.max);
        while (performance.now() < until) {
          const id = nextId++;
          heard.set(id, { sent: performance.now(), count: 0 });
          socket.send(JSON.stringify({ id, size: payload, pad: "x".repeat(100) }));
          await sleep(LIVE_PACE_MS.min + random() * (LIVE_PACE_MS.max - LIVE_PACE_MS.min));
        }
      }),
    ),
  );
  await sleep(1000);
  for (const { sockets } of tables) for (const socket of sockets) socket.terminate();
  relay.kill("SIGTERM");
  return latencies;
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), "machiavelox-bench-live-"));
  const database = await startEmbeddedPostgres(dir, log);
  try {
    await migrate(database.url);
    const live = await benchLive(database.url);
    const baseline = (await benchBaseline(Math.round(live.averageFrame))).sort((a, b) => a - b);
    const latencies = live.stats.latencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    const baselineP99 = percentile(baseline, 99);
    // The tail beyond p99, where the full GCs' bursts show.
    const over = latencies.filter((ms) => ms > 25).length;
    log(
      `live: latency p99.9 ${round(percentile(latencies, 99.9))} ms, max ${round(latencies.at(-1) ?? 0)} ms; ${over} actions over 25 ms (${round((100 * over) / Math.max(1, latencies.length))} %)`,
    );
    console.log(
      JSON.stringify({
        ...(GAME === "classic" ? { game: GAME } : {}),
        matches: MATCHES,
        clients: MATCHES * SEATS,
        actions: live.stats.actions,
        p50_ms: round(percentile(latencies, 50)),
        p99_ms: round(p99),
        errors: live.stats.errors,
        rss_mb: live.rssMb,
        baseline_p99_ms: round(baselineP99),
        ratio: round(p99 / Math.max(baselineP99, 0.1)),
      }),
    );
  } finally {
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
