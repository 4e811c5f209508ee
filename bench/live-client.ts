// What the live benches share: a bare tRPC WebSocket client, a table of bot seats (Machiavelox's
// three, or a classic table's) whose actions are timed until their events reached every seat,
// and the server's health wait.

import type { ChildProcess } from "node:child_process";
import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import type { StreamMessage } from "@/protocol/stream";
import { BotSeat, ClassicBotSeat, type SeatBot } from "./live-bot";

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

  constructor(private readonly socket: WebSocket) {
    socket.on("message", (raw) => this.receive(raw.toString()));
  }

  static open(url: string, cookie: string): Promise<TrpcSocket> {
    const socket = new WebSocket(url, { headers: { cookie } });
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(new TrpcSocket(socket)));
      socket.once("error", reject);
    });
  }

  mutation(path: string, input: unknown): Promise<unknown> {
    const id = this.nextId++;
    this.send({ id, method: "mutation", params: { path, input: { json: input } } });
    return new Promise((resolve, reject) => this.calls.set(id, { resolve, reject }));
  }

  subscribe(path: string, input: unknown, onData: (id: string, message: StreamMessage) => void) {
    const id = this.nextId++;
    this.subscriptions.set(id, onData);
    this.send({ id, method: "subscription", params: { path, input: { json: input } } });
  }

  close() {
    this.socket.terminate();
  }

  /** Calls `listener` if the server closes the connection (the bench never reconnects). */
  onClose(listener: (code: number) => void) {
    this.socket.once("close", listener);
  }

  private send(message: unknown) {
    this.socket.send(JSON.stringify(message));
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

export type Stats = { latencies: number[]; actions: number; errors: number; refused: number };

/** The seats of one match and the actions waiting for their events to reach them all. */
export type Table = {
  matchId: string;
  seats: { socket: TrpcSocket; bot: SeatBot }[];
  waiting: { eventId: number; sent: number }[];
};

export function settle(table: Table, stats: Stats) {
  const reached = Math.min(...table.seats.map((seat) => seat.bot.lastEventId));
  const now = performance.now();
  table.waiting = table.waiting.filter(({ eventId, sent }) => {
    if (eventId > reached) return true;
    stats.latencies.push(now - sent);
    return false;
  });
}

/** A classic bench table: no turn limit, and a target far enough to play on for the whole run. */
const CLASSIC_BENCH = { options: { target: 1000 } };

/** A table of `cookies.length` seats: Machiavelox's three, or classic with as many players. */
export async function setUpTable(
  url: string,
  cookies: string[],
  stats: Stats,
  random: () => number,
  game: "machiavelox" | "classic" = "machiavelox",
): Promise<Table> {
  const sockets = await Promise.all(cookies.map((cookie) => TrpcSocket.open(url, cookie)));
  const open =
    game === "classic" ? { classic: { players: cookies.length, ...CLASSIC_BENCH } } : undefined;
  const { matchId } = (await sockets[0]!.mutation("match.open", open)) as { matchId: string };
  const table: Table = { matchId, seats: [], waiting: [] };
  for (const [seat, socket] of sockets.entries()) {
    if (seat > 0) await socket.mutation("match.join", { matchId });
    const bot = game === "classic" ? new ClassicBotSeat(seat, random) : new BotSeat(seat, random);
    socket.subscribe("match.seat", { matchId }, (id, message) => {
      bot.receive(id, message);
      settle(table, stats);
    });
    table.seats.push({ socket, bot });
  }
  return table;
}

/** How a seat plays: its random source, its pace between actions, where errors are told. */
export type SeatPlay = {
  random: () => number;
  pace: { min: number; max: number };
  log: (message: string) => void;
};

/** One seat's loop: a random legal action from its view every `pace` until `until`. */
export async function playSeat(
  table: Table,
  seat: number,
  until: number,
  stats: Stats,
  { random, pace, log }: SeatPlay,
) {
  const { socket, bot } = table.seats[seat]!;
  await sleep(random() * pace.max);
  while (performance.now() < until && !bot.over) {
    const action = bot.action(table.matchId);
    if (action) {
      const sent = performance.now();
      stats.actions++;
      try {
        const { eventId } = (await socket.mutation(action.path, action.input)) as {
          eventId: string;
        };
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
