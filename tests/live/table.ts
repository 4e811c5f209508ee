// Three players at one table: open, join, follow their seats, play random actions.

import { TRPCClientError } from "@trpc/client";
import { mulberry32 } from "@/engine/rng";
import type { ClassicEvent, ClassicView } from "@/engine/classic";
import type { Db } from "@/server/db/client";
import { type StreamMessage, viewAfter } from "@/protocol/stream";
import type { AppRouter } from "@/server/routers/_app";
import type { Command } from "@/engine/commands";
import { BotSeat } from "../../bench/live-bot";
import { connect, eventually, newPlayer, type Client, type Player, type Target } from "./harness";

export type Received = { id: string; message: StreamMessage };

export type SeatClient = {
  player: Player;
  client: Client;
  bot: BotSeat;
  /** Every message of the seat stream, in order. */
  received: Received[];
  unsubscribe: () => void;
};

/** Follows a seat's stream into `received` and the bot's model (resuming after `lastEventId`). */
export function followSeat(
  seatClient: Omit<SeatClient, "unsubscribe" | "received">,
  matchId: string,
  received: Received[] = [],
  lastEventId?: string,
): SeatClient {
  const subscription = seatClient.client.trpc.match.seat.subscribe(
    { matchId, lastEventId },
    {
      onData: ({ id, data }) => {
        received.push({ id, message: data });
        seatClient.bot.receive(id, data);
      },
    },
  );
  return { ...seatClient, received, unsubscribe: () => subscription.unsubscribe() };
}

/** A classic seat: its stream's messages in order, and the view they build. */
export type ClassicSeat = {
  seat: number;
  client: Client;
  received: Received[];
  view: ClassicView | null;
  unsubscribe: () => void;
};

/** Follows a classic seat's stream into `received` and its view. */
export function followClassic(client: Client, seat: number, matchId: string): ClassicSeat {
  const followed: ClassicSeat = { seat, client, received: [], view: null, unsubscribe: () => {} };
  const subscription = client.trpc.match.seat.subscribe(
    { matchId },
    {
      onData: ({ id, data }) => {
        followed.received.push({ id, message: data });
        followed.view = viewAfter(followed.view, data) as ClassicView | null;
      },
    },
  );
  followed.unsubscribe = () => subscription.unsubscribe();
  return followed;
}

/** The classic events a followed seat has heard, in order. */
export function classicEvents(seat: ClassicSeat): ClassicEvent[] {
  return seat.received.flatMap(({ message }) =>
    message.type === "events" ? (message.events as ClassicEvent[]) : [],
  );
}

/** Three players seated at a new table, each connected to its own target (or all to one). */
export async function seatedTable(server: Target | Target[], db: Db, seed = 1) {
  const players = await Promise.all([0, 1, 2].map(() => newPlayer(db)));
  const targets = Array.isArray(server) ? server : [server];
  const clients = players.map((player, seat) => connect(targets[seat % targets.length]!, player));
  const { matchId } = await clients[0]!.trpc.match.open.mutate();
  const seats: SeatClient[] = [];
  for (const [seat, player] of players.entries()) {
    const client = clients[seat]!;
    if (seat > 0) await client.trpc.match.join.mutate({ matchId });
    const bot = new BotSeat(seat, mulberry32(seed * 7 + seat));
    seats.push(followSeat({ player, client, bot }, matchId));
  }
  await eventually(
    () => seats.every((seat) => seat.bot.present.length === 3 && seat.bot.present.every(Boolean)),
    "every seat's view with everyone present",
  );
  return { matchId, seats, close: () => Promise.all(clients.map((client) => client.close())) };
}

export type Outcome =
  | { ok: true; eventId: string }
  | { ok: false; code: string; engineCode: string | null; message: string };

/** An action as a client sends it: the command's name picks the mutation, its fields the input. */
export type Action = { do: Command["do"] } & Record<string, unknown>;

/** Sends one action for the seat; a refusal comes back as data, not as a throw. */
export async function send(
  seat: SeatClient,
  matchId: string,
  action: Action,
  seatNumber = seat.bot.seat,
): Promise<Outcome> {
  const { do: name, ...fields } = action;
  const mutation = seat.client.trpc.match[name as "draw"] as unknown as {
    mutate: (input: unknown) => Promise<{ ok: true; eventId: string }>;
  };
  try {
    return await mutation.mutate({ matchId, seat: seatNumber, ...fields });
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    const data = (error as TRPCClientError<AppRouter>).data;
    return {
      ok: false,
      code: data?.code ?? "UNKNOWN",
      engineCode: data?.engineCode ?? null,
      message: error.message,
    };
  }
}

/** As `send`, but waits out the seat's rate limit: the test's bots are faster than players. */
export async function sendPaced(seat: SeatClient, matchId: string, action: Action) {
  for (;;) {
    const outcome = await send(seat, matchId, action);
    if (outcome.ok || outcome.code !== "TOO_MANY_REQUESTS") return outcome;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Random legal actions from the three seats in turn until `count` were sent or the game ended. */
export async function playRandomly(
  table: { matchId: string; seats: SeatClient[] },
  count: number,
): Promise<{ accepted: string[]; refused: Outcome[] }> {
  const accepted: string[] = [];
  const refused: Outcome[] = [];
  for (let i = 0; i < count && !table.seats.every((s) => s.bot.over); i++) {
    const seat = table.seats[i % 3]!;
    if (seat.bot.over) continue;
    const action = seat.bot.next();
    if (!action) continue;
    const outcome = await sendPaced(seat, table.matchId, action);
    if (outcome.ok) {
      accepted.push(outcome.eventId);
      // Act on what the seat has heard of its own action, as a player would.
      await eventually(
        () => seat.bot.lastEventId >= Number(outcome.eventId),
        "the action's events",
      );
    } else refused.push(outcome);
  }
  return { accepted, refused };
}
