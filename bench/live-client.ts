// What the live benches share: the API server as a child process, bot players with signed
// session cookies, a bare tRPC WebSocket client, a table of bot seats (Machiavelox's three, or a
// classic table's) whose actions are timed until their events reached every seat, and the
// processes' CPU and memory from /proc.

import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { encode } from "next-auth/jwt";
import WebSocket from "ws";
import type { StreamMessage } from "@/protocol/stream";
import { createDb } from "@/server/db/client";
import { BotSeat, ClassicBotSeat, type SeatAction, type SeatBot } from "./live-bot";

/** Each seat acts every 1.5–2.5 s: about one action every 2 s. */
export const LIVE_PACE_MS = { min: 1500, max: 2500 };
/** An action whose events have not reached every seat by then counts as an error. */
const LOST_AFTER_MS = 10_000;
/** Matches set up at once. */
const SETUP_BATCH = 25;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const round = (ms: number) => Math.round(ms * 10) / 10;

/** A tRPC WebSocket connection reduced to what the bench needs: mutations and subscriptions. */
export class TrpcSocket {
  private nextId = 1;
  private readonly calls = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: CallError) => void }
  >();
  private readonly subscriptions = new Map<number, (id: string, message: StreamMessage) => void>();
  bytes = 0;
  frames = 0;

  static open(url: string, cookie: string): Promise<TrpcSocket> {
    const socket = new WebSocket(url, { headers: { cookie } });
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(new TrpcSocket(socket)));
      socket.once("error", reject);
    });
  }

  constructor(private readonly socket: WebSocket) {
    socket.on("message", (raw) => this.receive(raw.toString()));
    // A call the closed connection will never answer fails now (a client may send it again).
    socket.once("close", () => {
      for (const call of this.calls.values())
        call.reject(new CallError("CLOSED", "the connection closed before the answer"));
      this.calls.clear();
    });
  }

  /** A mutation's answer; with `timeoutMs`, a TIMEOUT error once that long passed without one. */
  mutation(path: string, input: unknown, timeoutMs?: number): Promise<unknown> {
    if (!this.open) return Promise.reject(new CallError("CLOSED", "the connection is closed"));
    const id = this.nextId++;
    this.send({ id, method: "mutation", params: { path, input: { json: input } } });
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve, reject });
      if (timeoutMs === undefined) return;
      setTimeout(() => {
        if (!this.calls.delete(id)) return;
        reject(new CallError("TIMEOUT", `no answer within ${timeoutMs} ms`));
      }, timeoutMs).unref();
    });
  }

  subscribe(path: string, input: unknown, onData: (id: string, message: StreamMessage) => void) {
    const id = this.nextId++;
    this.subscriptions.set(id, onData);
    this.send({ id, method: "subscription", params: { path, input: { json: input } } });
  }

  close() {
    this.socket.terminate();
  }

  /** Calls `listener` when the connection closes (the server's end, or its process died). */
  onClose(listener: (code: number) => void) {
    this.socket.once("close", listener);
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  private send(message: unknown) {
    // On a closed connection the call fails with the close (the constructor's listener).
    if (this.open) this.socket.send(JSON.stringify(message));
  }

  private receive(text: string) {
    if (text === "PING") return this.socket.send("PONG");
    type Frame = {
      id: number;
      result?: { type?: string; id?: string; data?: { json?: unknown } };
      error?: { json?: { message?: string; data?: { code?: string } } };
    };
    const frame = JSON.parse(text) as Frame;
    const subscription = this.subscriptions.get(frame.id);
    if (subscription && frame.result?.type === "data") {
      this.bytes += text.length;
      this.frames++;
      const tracked = frame.result.data?.json as { data: StreamMessage };
      return subscription(frame.result.id ?? "0", tracked.data);
    }
    const call = this.calls.get(frame.id);
    if (!call) return;
    this.calls.delete(frame.id);
    if (frame.error) {
      const { message = "error", data } = frame.error.json ?? {};
      call.reject(new CallError(data?.code ?? "UNKNOWN", message));
    } else call.resolve(frame.result?.data?.json);
  }
}

export class CallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type Stats = {
  latencies: number[];
  actions: number;
  errors: number;
  refused: number;
  /** When each action of `latencies` was sent (performance.now()), kept when asked for. */
  sentAt?: number[];
};

/** An action the server took: the id of its last event, when it was sent and answered. */
export type Acknowledged = { eventId: number; sent: number; answered: number };

/** One seat of a bench table: its connection (replaced when it reconnects) and its bot. */
export type TableSeat = {
  socket: TrpcSocket;
  bot: SeatBot;
  cookie: string;
  /** The seat's actions the server acknowledged, in order. */
  acknowledged: Acknowledged[];
};

/** The seats of one match and the actions waiting for their events to reach them all. */
export type Table = {
  matchId: string;
  seats: TableSeat[];
  waiting: { eventId: number; sent: number }[];
};

export function settle(table: Table, stats: Stats) {
  const reached = Math.min(...table.seats.map((seat) => seat.bot.lastEventId));
  const now = performance.now();
  table.waiting = table.waiting.filter(({ eventId, sent }) => {
    if (eventId > reached) return true;
    stats.latencies.push(now - sent);
    stats.sentAt?.push(sent);
    return false;
  });
}

/** A classic bench table: no turn limit, and a target far enough to play on for the whole run. */
const CLASSIC_BENCH = { options: { target: 1000 } };

/**
 * Follows a seat's stream on `socket` into its bot, from the start or (a connection opened
 * again) after the last event the bot received; `onFirst` hears of its first message.
 */
export function followSeat(
  table: Table,
  seat: number,
  socket: TrpcSocket,
  stats: Stats,
  lastEventId?: number,
  onFirst?: () => void,
) {
  const { bot } = table.seats[seat]!;
  const input = {
    matchId: table.matchId,
    lastEventId: lastEventId === undefined ? undefined : String(lastEventId),
  };
  let first = onFirst;
  socket.subscribe("match.seat", input, (id, message) => {
    first?.();
    first = undefined;
    bot.receive(id, message);
    settle(table, stats);
  });
}

/**
 * A table of `cookies.length` seats: Machiavelox's three, or classic with as many players. Each
 * seat connects to `url` (or its own, `url[seat]`); the first seat's player opens the table
 * there, or at `openAt` (the node that will play it) on a connection of its own.
 */
export async function setUpTable(
  url: string | string[],
  cookies: string[],
  stats: Stats,
  random: () => number,
  game: "machiavelox" | "classic" = "machiavelox",
  openAt?: string,
): Promise<Table> {
  const urlOf = (seat: number) => (typeof url === "string" ? url : url[seat]!);
  const sockets = await Promise.all(
    cookies.map((cookie, seat) => TrpcSocket.open(urlOf(seat), cookie)),
  );
  const opener =
    openAt && openAt !== urlOf(0) ? await TrpcSocket.open(openAt, cookies[0]!) : sockets[0]!;
  const open =
    game === "classic" ? { classic: { players: cookies.length, ...CLASSIC_BENCH } } : undefined;
  const { matchId } = (await opener.mutation("match.open", open)) as { matchId: string };
  if (opener !== sockets[0]) opener.close();
  const table: Table = { matchId, seats: [], waiting: [] };
  for (const [seat, socket] of sockets.entries()) {
    if (seat > 0) await socket.mutation("match.join", { matchId });
    const bot = game === "classic" ? new ClassicBotSeat(seat, random) : new BotSeat(seat, random);
    table.seats.push({ socket, bot, cookie: cookies[seat]!, acknowledged: [] });
    followSeat(table, seat, socket, stats);
  }
  return table;
}

/** `count` tables made by `make(index)`, SETUP_BATCH at a time. */
export async function setUpTables(
  count: number,
  make: (index: number) => Promise<Table>,
): Promise<Table[]> {
  const tables: Table[] = [];
  for (let at = 0; at < count; at += SETUP_BATCH)
    tables.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(SETUP_BATCH, count - at) }, (_, i) => make(at + i)),
      )),
    );
  return tables;
}

/** The actions whose events have not reached every seat of their table after LOST_AFTER_MS. */
export function unheard(tables: Table[]): number {
  const now = performance.now();
  return tables.reduce(
    (sum, table) => sum + table.waiting.filter((w) => now - w.sent > LOST_AFTER_MS).length,
    0,
  );
}

/** How a seat plays: its random source, its pace between actions, where errors are told. */
export type SeatPlay = {
  random: () => number;
  pace: { min: number; max: number };
  log: (message: string) => void;
  /** An action unanswered this long fails (TIMEOUT); unset, the seat waits for the answer. */
  timeoutMs?: number;
  /**
   * Whether an action that failed with `error` (not a refusal of the game) is sent once more,
   * resolved once the seat may send it (its connection open again); unset, it is not.
   */
  retry?: (table: Table, seat: number, error: CallError) => Promise<boolean>;
};

/** One seat's loop: a random legal action from its view every `pace` until `until`. */
export async function playSeat(
  table: Table,
  seat: number,
  until: number,
  stats: Stats,
  { random, pace, log, timeoutMs, retry }: SeatPlay,
) {
  const { bot, acknowledged } = table.seats[seat]!;
  // The seat's connection at each send: a reconnection replaces it.
  const send = (action: SeatAction) =>
    table.seats[seat]!.socket.mutation(action.path, action.input, timeoutMs) as Promise<{
      eventId: string;
    }>;
  await sleep(random() * pace.max);
  while (performance.now() < until && !bot.over) {
    const action = bot.action(table.matchId);
    if (action) {
      const sent = performance.now();
      stats.actions++;
      try {
        const { eventId } = await send(action).catch(async (error: unknown) => {
          if (error instanceof CallError && error.code !== "CONFLICT" && retry)
            if (await retry(table, seat, error)) return send(action);
          throw error;
        });
        acknowledged.push({ eventId: Number(eventId), sent, answered: performance.now() });
        table.waiting.push({ eventId: Number(eventId), sent });
        settle(table, stats);
      } catch (error) {
        // The table moved meanwhile (someone was faster): a refusal players see too.
        if (error instanceof CallError && error.code === "CONFLICT") stats.refused++;
        else {
          stats.errors++;
          log(`error: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    await sleep(pace.min + random() * (pace.max - pace.min));
  }
}

export async function waitForHealth(origin: string, child: ChildProcess) {
  for (let tries = 0; tries < 1200; tries++) {
    if (child.exitCode !== null) throw new Error("the server exited");
    const response = await fetch(`http://${origin}/health`).catch(() => null);
    if (response?.ok) return;
    await sleep(100);
  }
  throw new Error("the server did not start");
}

/**
 * The API server (src/server/api-server.ts) as a child process on `port`, with the young
 * generation the npm scripts give it (package.json "start"); `flags` go to Node before it.
 */
export function spawnApiServer(
  port: number,
  env: Record<string, string>,
  { flags = [], stdio = "inherit" }: { flags?: string[]; stdio?: StdioOptions } = {},
): ChildProcess {
  return spawn(
    process.execPath,
    [
      ...flags,
      "--max-semi-space-size=32",
      "--import",
      "tsx",
      path.join("src", "server", "api-server.ts"),
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        LOG_LEVEL: "warn",
        // Every simulated player connects from 127.0.0.1: one address for a whole site.
        REQUESTS_PER_SECOND: "100000",
        ...env,
      },
      stdio,
    },
  );
}

/**
 * `count` bot players created directly in the database, with session cookies signed by the
 * server's `secret`: signing in thousands of players would only measure bcrypt.
 */
export async function benchPlayers(
  databaseUrl: string,
  count: number,
  secret: string,
): Promise<string[]> {
  const db = createDb(databaseUrl);
  const run = randomBytes(3).toString("hex");
  const names = Array.from({ length: count }, (_, i) => `bench_${run}_${i}`);
  await db.user.createMany({
    // Bots never sign in with a password: no hash matches "!".
    data: names.map((name) => ({ name, nameKey: name, passwordHash: "!" })),
  });
  const users = await db.user.findMany({
    where: { name: { in: names } },
    select: { id: true, name: true },
  });
  await db.$disconnect();
  // In the order of `names`: consecutive players sit at one table.
  const order = new Map(names.map((name, index) => [name, index]));
  users.sort((a, b) => order.get(a.name)! - order.get(b.name)!);
  return Promise.all(
    users.map(async (user) => {
      const token = await encode({ token: { sub: user.id, name: user.name }, secret });
      return `next-auth.session-token=${token}`;
    }),
  );
}

/** CPU seconds a process has used (user + system), from /proc. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
