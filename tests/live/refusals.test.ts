import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { MAX_MESSAGE_BYTES, TRPC_WS_PATH } from "@/server/http";
import { SEAT_ACTIONS_PER_SECOND } from "@/server/matches/registry";
import { connect, eventually, liveDatabase, liveServer, newPlayer } from "./harness";
import { send, seatedTable } from "./table";

const { url, db } = await liveDatabase();
const server = await liveServer(url);

const draw = { do: "draw" } as const;

/** The seat's view after `action` was refused: unchanged. */
async function hasNotMoved(table: Awaited<ReturnType<typeof seatedTable>>, before: number) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  for (const seat of table.seats) expect(seat.bot.lastEventId).toBe(before);
}

describe("refusals", () => {
  it("§4 a refused action changes nothing, and the player gets its code and reason", async () => {
    // The engine's refusal travels as a CONFLICT error.
    const table = await seatedTable(server, db, 3);
    try {
      const [a] = table.seats;
      const before = a!.bot.lastEventId;
      const outcome = await send(a!, table.matchId, { do: "unstage", card: 5 });
      expect(outcome).toMatchObject({ ok: false, code: "CONFLICT", engineCode: "card-not-here" });
      expect(outcome.ok || outcome.message).toMatch(/not in your staging area/);
      await hasNotMoved(table, before);
    } finally {
      await table.close();
    }
  });

  it("malformed input is BAD_REQUEST and changes nothing", async () => {
    const table = await seatedTable(server, db, 4);
    try {
      const [a] = table.seats;
      const before = a!.bot.lastEventId;
      for (const input of [{ card: 104 }, { card: -1 }, { card: "7C" }, {}]) {
        const outcome = await send(a!, table.matchId, { do: "stage", ...input });
        expect(outcome).toMatchObject({ ok: false, code: "BAD_REQUEST" });
      }
      const badMeld = await send(a!, table.matchId, { do: "add", card: 3, meld: "x" });
      expect(badMeld).toMatchObject({ ok: false, code: "BAD_REQUEST" });
      const badSeat = await send(a!, table.matchId, draw, 3);
      expect(badSeat).toMatchObject({ ok: false, code: "BAD_REQUEST" });
      await hasNotMoved(table, before);
    } finally {
      await table.close();
    }
  });

  it("a player cannot act for another seat or in someone else's match, nor follow another player's seat", async () => {
    // Each is FORBIDDEN.
    const table = await seatedTable(server, db, 5);
    const outsider = connect(server, await newPlayer(db));
    try {
      const [a, b] = table.seats;
      const before = a!.bot.lastEventId;
      const forged = await send(a!, table.matchId, draw, 1);
      expect(forged).toMatchObject({ ok: false, code: "FORBIDDEN" });
      expect(forged.ok || forged.message).toBe("Seat 1 is not yours: you sit at seat 0.");
      const intruder = await send({ ...b!, client: outsider }, table.matchId, draw, 1);
      expect(intruder).toMatchObject({ ok: false, code: "FORBIDDEN" });
      expect(intruder.ok || intruder.message).toBe("You have no seat at this table.");
      await expect(
        new Promise((resolve, reject) =>
          outsider.trpc.match.seat.subscribe(
            { matchId: table.matchId },
            { onData: resolve, onError: reject },
          ),
        ),
      ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
      await hasNotMoved(table, before);
    } finally {
      await Promise.all([table.close(), outsider.close()]);
    }
  });

  it("a signed-out client may not act, and an unknown match is NOT_FOUND", async () => {
    const table = await seatedTable(server, db, 6);
    const anonymous = connect(server);
    try {
      const [a] = table.seats;
      const signedOut = await send({ ...a!, client: anonymous }, table.matchId, draw);
      expect(signedOut).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
      const unknown = await send(a!, "no-such-match", draw);
      expect(unknown).toMatchObject({ ok: false, code: "NOT_FOUND" });
    } finally {
      await Promise.all([table.close(), anonymous.close()]);
    }
  });

  it("an action before the hand starts is refused; the third seat starts it", async () => {
    const [opener, second] = await Promise.all([newPlayer(db), newPlayer(db)]);
    const clients = [connect(server, opener), connect(server, second)];
    try {
      const { matchId, seat } = await clients[0]!.trpc.match.open.mutate();
      expect(seat).toBe(0);
      await expect(clients[1]!.trpc.match.join.mutate({ matchId })).resolves.toEqual({ seat: 1 });
      // Joining twice keeps the seat.
      await expect(clients[1]!.trpc.match.join.mutate({ matchId })).resolves.toEqual({ seat: 1 });
      await expect(clients[0]!.trpc.match.draw.mutate({ matchId, seat: 0 })).rejects.toMatchObject({
        data: { code: "CONFLICT" },
        message: "The hand has not started: the table waits for players.",
      });
      const mine = await clients[1]!.trpc.match.mine.query();
      expect(mine.find((match) => match.id === matchId)).toMatchObject({
        status: "WAITING",
        you: 1,
      });
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });

  it("a seat sending faster than the rate limit is refused with a clear message, and the match goes on", async () => {
    // TOO_MANY_REQUESTS.
    const table = await seatedTable(server, db, 7);
    try {
      const [a, b] = table.seats;
      const burst = await Promise.all(
        Array.from({ length: SEAT_ACTIONS_PER_SECOND + 10 }, () => send(a!, table.matchId, draw)),
      );
      const limited = burst.filter(
        (outcome) => !outcome.ok && outcome.code === "TOO_MANY_REQUESTS",
      );
      expect(limited.length).toBeGreaterThanOrEqual(10);
      expect(limited[0]!.ok || limited[0]!.message).toMatch(
        /^Too many actions from your seat: try again in \d+\.\d s\.$/,
      );
      // The other seats are not limited, and the limited seat plays again a second later.
      expect(await send(b!, table.matchId, draw)).toMatchObject({ ok: true });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await send(a!, table.matchId, draw)).toMatchObject({ ok: true });
    } finally {
      await table.close();
    }
  });

  it("an oversize frame closes only the sender's connection; the match goes on", async () => {
    const table = await seatedTable(server, db, 8);
    try {
      const [a, b] = table.seats;
      const raw = new WebSocket(`ws://${server.origin}${TRPC_WS_PATH}`, {
        headers: { cookie: a!.player.cookie },
      });
      await new Promise((resolve) => raw.once("open", resolve));
      const closed = new Promise<number>((resolve) => raw.once("close", resolve));
      raw.send("x".repeat(MAX_MESSAGE_BYTES + 1));
      expect(await closed).toBe(1009);
      // Not JSON at all: refused, and the connection stays.
      const garbage = new WebSocket(`ws://${server.origin}${TRPC_WS_PATH}`, {
        headers: { cookie: a!.player.cookie },
      });
      await new Promise((resolve) => garbage.once("open", resolve));
      const answer = new Promise<string>((resolve) =>
        garbage.once("message", (d) => resolve(d.toString())),
      );
      garbage.send("{ not json");
      expect(JSON.parse(await answer)).toMatchObject({
        error: { json: { data: { code: "PARSE_ERROR" } } },
      });
      garbage.close();
      const outcome = await send(b!, table.matchId, draw);
      expect(outcome).toMatchObject({ ok: true });
      await eventually(
        () => a!.bot.lastEventId >= Number(outcome.ok && outcome.eventId),
        "a's event",
      );
    } finally {
      await table.close();
    }
  });

  it("/health answers 200 with the node's name, the uptime, the matches it owns and the database", async () => {
    const response = await fetch(`http://${server.origin}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      node: "local",
      status: "ok",
      uptimeSeconds: expect.any(Number),
      liveMatches: expect.any(Number),
      ownedMatches: expect.any(Number),
      database: "ok",
    });
  });
});
