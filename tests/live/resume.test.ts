import { describe, expect, it } from "vitest";
import { eventually, liveDatabase, liveServer } from "./harness";
import { followSeat, seatedTable, sendPaced, type Received, type SeatClient } from "./table";

const { url, db } = await liveDatabase();
const server = await liveServer(url);

const draw = { do: "draw" } as const;

/** Event ids a seat received after its first snapshot, in order. */
function eventIds(received: Received[]): number[] {
  return received
    .flatMap((r) => (r.message.type === "events" ? r.message.events : []))
    .map((e) => e.id);
}

/** From `from` up to `to`, each once. */
const run = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function drawTurns(seats: SeatClient[], matchId: string, count: number): Promise<number> {
  let last = 0;
  for (let i = 0; i < count; i++) {
    const outcome = await sendPaced(seats[i % seats.length]!, matchId, draw);
    if (!outcome.ok) throw new Error(outcome.message);
    last = Number(outcome.eventId);
  }
  return last;
}

describe("reconnect and resume", () => {
  it("§11 a seat that comes back gets exactly what it missed, and is present again", async () => {
    // It resubscribes with its last event id.
    const table = await seatedTable(server, db, 11);
    try {
      const [a, b, c] = table.seats;
      const first = a!.received.length;
      const seen = a!.bot.lastEventId;
      a!.unsubscribe();
      await eventually(() => b!.bot.present[0] === false, "seat 0 shown away");
      const last = await drawTurns([b!, c!], table.matchId, 4);
      // Resubscribe as a client resuming: with the last id it saw.
      const resumed: Received[] = [];
      const again = followSeat(a!, table.matchId, resumed, String(seen));
      await eventually(() => b!.bot.present[0] === true, "seat 0 back");
      await eventually(() => a!.bot.lastEventId > last, "seat 0's catch-up");
      expect(resumed[0]!.message.type).toBe("events");
      expect(eventIds([...a!.received.slice(first), ...resumed])).toEqual(
        run(seen + 1, a!.bot.lastEventId),
      );
      again.unsubscribe();
    } finally {
      await table.close();
    }
  });

  it("a dropped connection reconnects by itself and resumes without losing or repeating an event", async () => {
    const table = await seatedTable(server, db, 12);
    try {
      const [a, b, c] = table.seats;
      const start = a!.received.findLastIndex((r) => r.message.type === "snapshot");
      const from = Number(a!.received[start]!.id);
      a!.client.sockets.at(-1)!.terminate();
      // Others keep playing while seat 0 is gone and while it comes back.
      const last = await drawTurns([b!, c!], table.matchId, 12);
      await eventually(() => a!.bot.lastEventId >= last, "seat 0's catch-up");
      expect(a!.client.sockets.length).toBe(2);
      expect(a!.received.slice(start + 1).every((r) => r.message.type === "events")).toBe(true);
      expect(eventIds(a!.received.slice(start))).toEqual(run(from + 1, a!.bot.lastEventId));
    } finally {
      await table.close();
    }
  });

  it("a resume id the server cannot serve from memory gets a fresh snapshot", async () => {
    const table = await seatedTable(server, db, 13);
    try {
      const [a] = table.seats;
      const resumed: Received[] = [];
      const again = followSeat(a!, table.matchId, resumed, "999999");
      await eventually(() => resumed.length > 0, "the snapshot");
      expect(resumed[0]).toMatchObject({
        id: String(a!.bot.lastEventId),
        message: { type: "snapshot", view: { hand: { you: { seat: 0 } } } },
      });
      again.unsubscribe();
    } finally {
      await table.close();
    }
  });
});
