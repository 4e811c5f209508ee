import { describe, expect, it } from "vitest";
import { connect, eventually, liveDatabase, liveServer, newPlayer } from "./harness";
import { splitGameView } from "@/components/table/game-view";
import { hiddenCardLeaks } from "./hidden";
import { playRandomly, seatedTable, send, sendPaced } from "./table";

const { url, db } = await liveDatabase();
const server = await liveServer(url);

describe("live play", () => {
  it("§1 three players take the seats; the third one starts the hand and each seat sees its own view", async () => {
    const table = await seatedTable(server, db, 1);
    try {
      for (const [seat, { received }] of table.seats.entries()) {
        const first = received.find((r) => r.message.type === "snapshot" && r.message.view);
        const view = first?.message.type === "snapshot" && first.message.view;
        expect(view && splitGameView(view).hand.you?.seat).toBe(seat);
      }
      const info = await table.seats[0]!.client.trpc.match.get.query({ matchId: table.matchId });
      expect(info).toMatchObject({ status: "PLAYING", you: 0 });
      expect(info.seats.map((s) => s?.name)).toEqual(table.seats.map((s) => s.player.name));
    } finally {
      await table.close();
    }
  });

  it("§4–§6 every accepted action reaches all three seats in order, and no seat ever receives a card hidden from it", async () => {
    // Three clients play random actions.
    const table = await seatedTable(server, db, 2);
    const spectator = connect(server, await newPlayer(db));
    const watched: number[] = [];
    spectator.trpc.match.watch.subscribe(
      { matchId: table.matchId },
      {
        onData: ({ data }) => {
          if (data.type === "events") watched.push(...data.events.map((event) => event.id));
        },
      },
    );
    try {
      await eventually(() => spectator.frames.length > 0, "the spectator's view");
      const { accepted } = await playRandomly(table, 300);
      expect(accepted.length).toBeGreaterThan(10);
      const last = Math.max(...accepted.map(Number));
      // Timers may add events after the last action (a hold running out): wait for that one.
      await eventually(
        () => table.seats.every((seat) => seat.bot.lastEventId >= last) && watched.at(-1)! >= last,
        "every seat's and the spectator's last event",
      );
      // After its view, every seat hears every event once, in order.
      for (const seat of table.seats) {
        const start = seat.received.findLastIndex((r) => r.message.type === "snapshot");
        const from = Number(seat.received[start]!.id);
        const ids = seat.received
          .slice(start)
          .flatMap((r) => (r.message.type === "events" ? r.message.events : []))
          .map((event) => event.id);
        const to = seat.bot.lastEventId;
        expect(ids).toEqual(Array.from({ length: to - from }, (_, i) => from + i + 1));
      }
      const frames = table.seats.map((seat) => seat.client.frames);
      expect(hiddenCardLeaks(frames, spectator.frames)).toEqual([]);
    } finally {
      await Promise.all([table.close(), spectator.close()]);
    }
  });

  it("§11.3/§13 when two seats leave, the survivor wins and the match ends with its result, accepting nothing more", async () => {
    // A whole hand of random legal play until two seats leave.
    const table = await seatedTable(server, db, 9);
    try {
      await playRandomly(table, 120);
      const [a, b, c] = table.seats;
      for (const seat of [b!, c!])
        expect(await sendPaced(seat, table.matchId, { do: "leave" })).toMatchObject({ ok: true });
      await eventually(() => table.seats.every((seat) => seat.bot.over), "the end of the match");
      const info = await a!.client.trpc.match.get.query({ matchId: table.matchId });
      expect(info).toMatchObject({ status: "ENDED", result: { reason: "hand", winner: 0 } });
      const stored = await db.match.findUniqueOrThrow({
        where: { id: table.matchId },
        include: { hands: true, seats: { orderBy: { seat: "asc" } } },
      });
      expect(stored.hands).toMatchObject([{ number: 1, winner: 0, reason: "survivor" }]);
      expect(stored.seats.map((seat) => seat.points)).toEqual(stored.hands[0]!.scores);
      expect(stored.seats.map((seat) => seat.won)).toEqual([true, false, false]);
      expect(await send(a!, table.matchId, { do: "draw" })).toMatchObject({
        ok: false,
        code: "CONFLICT",
        message: "This match has ended.",
      });
      const frames = table.seats.map((seat) => seat.client.frames);
      expect(hiddenCardLeaks(frames)).toEqual([]);
    } finally {
      await table.close();
    }
  });
});
