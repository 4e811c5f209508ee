// Classic Machiavelli on a real server process, played by real WebSocket clients: a whole
// round, a failed move and its penalty, the turn timer, a bot standing in for an absent
// player, every frame inspected for hidden cards, and a SIGKILL in the middle of a turn.

import { TRPCClientError } from "@trpc/client";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { decideClassicBot, NEW_CLASSIC_MEMORY, type ClassicBotMemory } from "@/bots/classic/policy";
import type {
  ClassicCommand,
  ClassicOptions,
  ClassicRejection,
  ClassicView,
} from "@/engine/classic";
import { connect, eventually, liveDatabase, liveServer, newPlayer, type Client } from "./harness";
import { classicEvents, followClassic, type ClassicSeat } from "./table";

const { url, db } = await liveDatabase();
const server = await liveServer(url);
const clients: Client[] = [];
afterAll(() => Promise.all(clients.map((client) => client.close())));

async function classicTable(players: number, options: Partial<ClassicOptions>) {
  const people = await Promise.all(Array.from({ length: players }, () => newPlayer(db)));
  const connected = people.map((player) => connect(server, player));
  clients.push(...connected);
  const { matchId } = await connected[0]!.trpc.match.open.mutate({
    classic: { players, options },
  });
  for (const client of connected.slice(1)) await client.trpc.match.join.mutate({ matchId });
  const seats = connected.map((client, seat) => followClassic(client, seat, matchId));
  await eventually(() => seats.every((s) => s.view?.phase === "turn"), "every seat's view");
  return { matchId, seats };
}

function act(seat: ClassicSeat, matchId: string, command: ClassicCommand | { do: "leave" }) {
  return seat.client.trpc.match.classic.mutate({ matchId, seat: seat.seat, command });
}

/** Plays the seat's turns with the medium classic policy, from its own view only, until stopped. */
function autoplay(seat: ClassicSeat, matchId: string): () => void {
  let memory: ClassicBotMemory = NEW_CLASSIC_MEMORY;
  let refused: ClassicRejection | null = null;
  let stopped = false;
  let seen: ClassicView | null = null;
  const loop = async () => {
    while (!stopped) {
      const view = seat.view;
      if (!view || view === seen || view.phase === "over") {
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      const decision = decideClassicBot("medium", { view, memory, refused });
      memory = decision.memory;
      refused = null;
      seen = view;
      if (!decision.command) continue;
      try {
        await act(seat, matchId, decision.command);
      } catch (error) {
        if (!(error instanceof TRPCClientError)) throw error;
        const code = (error.data as { engineCode?: ClassicRejection["code"] }).engineCode;
        refused = { code: code ?? "malformed", reason: error.message };
        seen = null;
      }
    }
  };
  void loop();
  return () => {
    stopped = true;
  };
}

/**
 * What a seat may never hear: another seat's hand (a `you` or a hand of another seat), the
 * stock's order, another seat's drawn card. Read from the raw frames, as sent.
 */
function hiddenLeaks(seat: ClassicSeat): string[] {
  const leaks: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${path}[${i}]`));
    if (typeof value !== "object" || value === null) return;
    const record = value as Record<string, unknown>;
    for (const key of ["stock", "hands", "start"]) if (key in record) leaks.push(`${path}.${key}`);
    if (record.type === "drew" && record.seat !== seat.seat && record.card !== null)
      leaks.push(`${path}: seat ${String(record.seat)}'s drawn card`);
    const you = record.you as { seat?: number } | null | undefined;
    if (you && typeof you === "object" && "seat" in you && you.seat !== seat.seat)
      leaks.push(`${path}: seat ${you.seat}'s hand`);
    for (const [key, item] of Object.entries(record)) walk(item, `${path}.${key}`);
  };
  // The keep-alive's PING/PONG are the only frames that are not JSON.
  for (const frame of seat.client.frames)
    if (frame !== "PING" && frame !== "PONG") walk(JSON.parse(frame), "frame");
  return leaks;
}

describe("classic Machiavelli at the live server", () => {
  it("classic §5 four players play a whole round over WebSocket to its end; every frame keeps the other hands and the stock hidden", async () => {
    const { matchId, seats } = await classicTable(4, { target: null });
    const stops = seats.map((seat) => autoplay(seat, matchId));
    try {
      await eventually(
        () => seats.every((seat) => seat.view?.phase === "over"),
        "the round's end at every seat",
        120_000,
      );
    } finally {
      stops.forEach((stop) => stop());
    }
    const result = seats[0]!.view!.result!;
    expect(result.reason).toBe("round");
    for (const seat of seats) {
      expect(seat.view!.result).toEqual(result);
      expect(seat.view!.lastRound?.scores).toHaveLength(4);
      expect(hiddenLeaks(seat)).toEqual([]);
    }
    const info = await seats[0]!.client.trpc.match.get.query({ matchId });
    expect(info).toMatchObject({ status: "ENDED", rules: "classic" });
    expect(info.seats).toHaveLength(4);
  }, 150_000);

  it("classic §4 a failed move is restored and its three penalty cards are seen by everyone, the cards by the mover alone", async () => {
    const { matchId, seats } = await classicTable(3, {});
    const mover = seats[seats[0]!.view!.turn!]!;
    const card = mover.view!.you!.hand[0]!;
    await act(mover, matchId, { do: "put", card, to: "new" });
    await act(mover, matchId, { do: "end" });
    for (const seat of seats) {
      await eventually(
        () =>
          classicEvents(seat).filter((e) => e.type === "drew" && e.cause === "penalty").length ===
          3,
        `the penalty at seat ${seat.seat}`,
      );
      expect(classicEvents(seat).some((e) => e.type === "failed" && e.seat === mover.seat)).toBe(
        true,
      );
      const penalty = classicEvents(seat).filter((e) => e.type === "drew" && e.cause === "penalty");
      for (const e of penalty)
        expect(e.type === "drew" && e.card !== null).toBe(seat.seat === mover.seat);
      expect(seat.view!.table).toEqual([]);
      expect(seat.view!.seats[mover.seat]!.handCount).toBe(13 + 3);
      expect(hiddenLeaks(seat)).toEqual([]);
    }
  });

  it("classic §8 the turn timer ends an idle turn for everyone; a player away two turns in a row gets a bot that plays for them", async () => {
    const { matchId, seats } = await classicTable(2, { turnLimit: 5_000 });
    const [first, second] = seats as [ClassicSeat, ClassicSeat];
    expect(first.view!.turn).toBe(0);
    // The first turn times out: everyone hears it, and the turn passes.
    await eventually(
      () =>
        seats.every((seat) => classicEvents(seat).some((e) => e.type === "timeUp" && e.seat === 0)),
      "the first turn's time up at every seat",
      8_000,
    );
    // The second player goes away; seat 0 draws at once on each of its turns.
    second.unsubscribe();
    const drawOnTurn = setInterval(() => {
      if (first.view?.turn === 0 && !first.view.work)
        void act(first, matchId, { do: "draw" }).catch(() => undefined);
    }, 50);
    try {
      await eventually(
        () => classicEvents(first).filter((e) => e.type === "timeUp" && e.seat === 1).length >= 2,
        "seat 1's two missed turns",
        20_000,
      );
      const missed = classicEvents(first).length;
      // The third turn: a bot plays seat 1 before its time is up.
      await eventually(
        () =>
          classicEvents(first)
            .slice(missed)
            .some(
              (e) => e.type !== "timeUp" && "seat" in e && e.seat === 1 && e.type !== "turnStarted",
            ),
        "a bot's move for seat 1",
        10_000,
      );
      const third = classicEvents(first).slice(missed);
      const botMove = third.findIndex(
        (e) => "seat" in e && e.seat === 1 && e.type !== "turnStarted",
      );
      expect(third.slice(0, botMove).some((e) => e.type === "timeUp" && e.seat === 1)).toBe(false);
    } finally {
      clearInterval(drawOnTurn);
    }
    expect(hiddenLeaks(first)).toEqual([]);
  }, 60_000);

  it("classic §3 a friendly game of six (one player, five bots) is created with its options through the games router and played by the bots", async () => {
    const player = await newPlayer(db);
    const client = connect(server, player);
    clients.push(client);
    const { matchId } = await client.trpc.game.create.mutate({
      kind: "single",
      bots: true,
      classic: { players: 6, options: { variants: ["draw-first"], target: null } },
    });
    for (let i = 0; i < 5; i++)
      await client.trpc.game.bots.mutate({ matchId, change: 1, level: "easy" });
    const lobby = await client.trpc.game.ready.mutate({ matchId, ready: true });
    expect(lobby).toMatchObject({ rules: "classic", seats: 6, status: "PLAYING" });
    const seat = followClassic(client, 0, matchId);
    await eventually(() => seat.view !== null, "the seat's view");
    expect(seat.view!.seats).toHaveLength(6);
    expect(seat.view!.options.variants).toEqual(["draw-first"]);
    // Classic §3: 11 cards each at six; Draw first's card on the first turn (seat 0's).
    expect(seat.view!.you!.hand).toHaveLength(12);
    await act(seat, matchId, { do: "pass" });
    await eventually(
      () => classicEvents(seat).some((e) => e.type === "turnStarted" && e.seat === 2),
      "the bots' turns",
      15_000,
    );
    expect(hiddenLeaks(seat)).toEqual([]);
  });

  it("a player who leaves a friendly classic table is replaced by a bot", async () => {
    const { matchId, seats } = await classicTable(2, {});
    const [first, second] = seats as [ClassicSeat, ClassicSeat];
    await act(second, matchId, { do: "leave" });
    await act(first, matchId, { do: "draw" });
    await eventually(
      () =>
        classicEvents(first).some(
          (e) => (e.type === "drew" || e.type === "played") && e.seat === 1,
        ),
      "the bot's turn for the player who left",
      10_000,
    );
    const info = await first.client.trpc.match.get.query({ matchId });
    expect(info.seats[1]?.bot).toBe("medium");
  });

  it("classic after SIGKILL mid-turn the restarted server keeps the acknowledged step and the clients resume", async () => {
    const { matchId, seats } = await classicTable(2, {});
    const mover = seats[0]!;
    const card = mover.view!.you!.hand[0]!;
    await act(mover, matchId, { do: "put", card, to: "new" });
    const sockets = seats.map((seat) => seat.client.sockets.length);
    await server.kill();
    await server.start();
    // The clients reconnect by themselves, each on a new socket.
    await eventually(
      () =>
        seats.every(
          (seat, i) =>
            seat.client.sockets.length > sockets[i]! &&
            seat.client.sockets.at(-1)!.readyState === WebSocket.OPEN,
        ),
      "every client on a new socket after the restart",
      15_000,
    );
    await eventually(
      () => seats.every((seat) => seat.view?.work?.fromHand.includes(card) === true),
      "the put card on the table after the restart, at every seat",
      15_000,
    );
    await act(mover, matchId, { do: "reset" });
    await eventually(
      () => seats.every((seat) => seat.view?.table.length === 0 && seat.view.work === null),
      "the reset at every seat",
    );
    for (const seat of seats) expect(hiddenLeaks(seat)).toEqual([]);
  }, 60_000);
});
