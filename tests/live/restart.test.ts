import { describe, expect, it } from "vitest";
import { PLAY_LIMIT_MS } from "@/engine/state";
import { RECONNECT_CLOSE_CODE } from "@/server/http";
import { eventually, liveDatabase, LiveServer } from "./harness";
import { playRandomly, seatedTable, sendPaced, type Received } from "./table";

const { url, db } = await liveDatabase();

function eventsOf(received: Received[]) {
  return received.flatMap((r) => (r.message.type === "events" ? r.message.events : []));
}

/** Every seat's events since its first view: each id once, in order, none missing. */
function expectContiguous(received: Received[]) {
  const start = received.findIndex((r) => r.message.type === "snapshot" && r.message.view);
  const ids = eventsOf(received.slice(start)).map((event) => event.id);
  const from = Number(received[start]!.id) + 1;
  expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => from + i));
}

type Seated = { received: Received[]; bot: { present: boolean[] } };

/** The presence events a seat has heard since `mark`. */
function presenceSince({ received }: Seated, mark: number) {
  return eventsOf(received.slice(mark)).flatMap((e) => (e.type === "presence" ? [e] : []));
}

/**
 * Waits until every seat has heard all three marked away by the restart, then back (each at
 * least once: the rules ask that every seat come back, not how many tries its client took).
 * A timeout reports what each seat heard.
 */
function everySeatBack(seats: Seated[], marks: number[]) {
  const heard = (seat: number) => presenceSince(seats[seat]!, marks[seat]!);
  return eventually(
    () =>
      seats.every(
        ({ bot }, seat) =>
          new Set(heard(seat).flatMap((e) => (e.present ? [] : [e.seat]))).size === 3 &&
          bot.present.every(Boolean),
      ),
    "every seat back",
    undefined,
    () =>
      seats
        .map(({ bot }, seat) => {
          const events = heard(seat).map((e) => `${e.seat}${e.present ? "+" : "-"}`);
          return `seat ${seat} heard [${events.join(" ")}], sees present [${bot.present.join(" ")}]`;
        })
        .join("; "),
  );
}

/** The commands the log holds, players' actions only (no presence, no timer firings). */
async function loggedActions(matchId: string): Promise<number> {
  const rows = await db.matchEvent.findMany({ where: { matchId }, select: { command: true } });
  const others = new Set(["advance", "disconnect", "reconnect"]);
  return rows.filter((row) => !others.has((row.command as { do: string }).do)).length;
}

describe("restarts", () => {
  it("§5 a crash loses no acknowledged action, and an open play's 40 s run on from where they stood", async () => {
    // The server is killed (SIGKILL) mid-hand and restarted; the clients resume on it.
    const server = new LiveServer(url);
    await server.start();
    const table = await seatedTable(server, db, 21);
    try {
      // Draws, always legal at the start (random play could freeze seat 0 with a «Stop!»).
      const accepted: string[] = [];
      for (let turn = 0; turn < 30; turn++) {
        const outcome = await sendPaced(table.seats[turn % 3]!, table.matchId, { do: "draw" });
        if (!outcome.ok) throw new Error(outcome.message);
        accepted.push(outcome.eventId);
      }
      const [a] = table.seats;
      await eventually(() => a!.bot.lastEventId >= Number(accepted.at(-1)), "the draws");
      // Seat 0 opens a play (a staged card): its 40 s must survive the crash.
      const act = async (name: "draw" | "stage", fields: Record<string, unknown> = {}) => {
        const outcome = await sendPaced(a!, table.matchId, { do: name, ...fields });
        if (!outcome.ok) throw new Error(outcome.message);
        accepted.push(outcome.eventId);
        await eventually(() => a!.bot.lastEventId >= Number(outcome.eventId), `${name} heard`);
      };
      await act("draw");
      await act("stage", { card: [...a!.bot.hand][0] });
      const staged = Date.now();
      const started = eventsOf(a!.received).findLast((e) => e.type === "playStarted")!;
      expect(started).toMatchObject({ seat: 0 });
      const actions = await loggedActions(table.matchId);
      expect(actions).toBe(accepted.length);
      const models = table.seats.map(({ bot }) => ({
        hand: [...bot.hand].sort(),
        staging: [...bot.staging],
      }));

      const marks = table.seats.map((seat) => seat.received.length);
      await server.kill();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await server.start();

      // The clients reconnect by themselves; every seat is first marked away, then back.
      await everySeatBack(table.seats, marks);
      for (const [seat, { bot, received }] of table.seats.entries()) {
        expect({ hand: [...bot.hand].sort(), staging: [...bot.staging] }).toEqual(models[seat]);
        expectContiguous(received);
      }
      expect(await loggedActions(table.matchId)).toBe(actions);

      // The play ends by time 40 s of match time after it began; the 2 s of downtime do not count.
      const ending = () =>
        eventsOf(a!.received).find(
          (e) => e.type === "playEnded" && e.seat === 0 && e.id > started.id,
        );
      await eventually(() => !!ending(), "seat 0's play to end by time", PLAY_LIMIT_MS + 10_000);
      const ended = ending()!;
      expect(ended).toMatchObject({ reason: "time" });
      expect(ended.at - started.at).toBe(PLAY_LIMIT_MS);
      expect(Date.now() - staged).toBeGreaterThanOrEqual(PLAY_LIMIT_MS + 2000);
    } finally {
      await table.close();
      await server.stop();
    }
  }, 90_000);

  it("a graceful stop finishes the queued work, and the clients resume on the restarted server", async () => {
    // SIGTERM: the server tells its clients to reconnect.
    const server = new LiveServer(url);
    await server.start();
    const table = await seatedTable(server, db, 22);
    try {
      await playRandomly(table, 30);
      const models = table.seats.map(({ bot }) => [...bot.hand].sort());
      const marks = table.seats.map((seat) => seat.received.length);
      expect(await server.stop()).toBe(0);
      for (const seat of table.seats)
        expect(seat.client.closeCodes).toContain(RECONNECT_CLOSE_CODE);
      await server.start();
      await everySeatBack(table.seats, marks);
      for (const [seat, { bot, received }] of table.seats.entries()) {
        expect([...bot.hand].sort()).toEqual(models[seat]);
        expectContiguous(received);
      }
      const { accepted } = await playRandomly(table, 15);
      expect(accepted.length).toBeGreaterThan(0);
    } finally {
      await table.close();
      await server.stop();
    }
  });
});
