// Who may sit at a table, and how many tables one player may hold open: attacks on both.

import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "@/server/auth/session";
import {
  liveMatches,
  MAX_PRACTICE_TABLES,
  MAX_WAITING_TABLES,
  WAITING_TABLE_EXPIRES_MS,
} from "@/server/matches/registry";
import { appRouter } from "@/server/routers/_app";
import { createCallerFactory } from "@/server/trpc";
import { contextFor, testDb } from "../db/helpers";
import { player, withLiveMatches } from "./helpers";

const db = testDb();
withLiveMatches(db);

const callerAs = (user: SessionUser) => createCallerFactory(appRouter)(contextFor(db, user));

async function refusal(attempt: Promise<unknown>): Promise<TRPCError> {
  const error = await attempt.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

/** How many of `attempts` went through, and the codes of those refused. */
async function tally(attempts: Promise<unknown>[]) {
  const settled = await Promise.allSettled(attempts);
  const refused = settled.flatMap((one) =>
    one.status === "rejected" ? [(one.reason as TRPCError).code] : [],
  );
  return { accepted: settled.length - refused.length, refused: [...new Set(refused)] };
}

describe("a friendly game's seats", () => {
  it("an outsider who knows a friendly game's id reads no code from its lobby and takes no seat with match.join", async () => {
    const [creator, friend, other, outsider] = [
      await player(db),
      await player(db),
      await player(db),
      await player(db),
    ];
    const { matchId, code } = await callerAs(creator).game.create({ kind: "single" });
    expect((await callerAs(outsider).game.lobby({ matchId })).code).toBeNull();
    const taken = await refusal(callerAs(outsider).match.join({ matchId }));
    expect(taken).toMatchObject({
      code: "FORBIDDEN",
      message: "A friendly game is joined with its invitation code only.",
    });
    expect(await db.matchSeat.count({ where: { matchId } })).toBe(1);

    // The friends who came by the code are seated, not refused as "table full".
    await callerAs(friend).game.join({ code });
    await callerAs(other).game.join({ code });
    expect((await callerAs(creator).game.lobby({ matchId })).code).toBe(code);
    expect((await callerAs(friend).game.lobby({ matchId })).code).toBe(code);
    for (const one of [creator, friend, other])
      await callerAs(one).game.ready({ matchId, ready: true });
    const seats = await db.matchSeat.findMany({ where: { matchId }, orderBy: { seat: "asc" } });
    expect(seats.map((seat) => seat.userId)).toEqual([creator.id, friend.id, other.id]);
    expect((await callerAs(outsider).game.lobby({ matchId })).code).toBeNull();
  });

  it("an outsider takes no seat of a ranked table with match.join: the agora seats whom it matched", async () => {
    const [first, outsider] = [await player(db), await player(db)];
    const { matchId } = await liveMatches().open(first, { kind: "COMPETITIVE" });
    const taken = await refusal(callerAs(outsider).match.join({ matchId }));
    expect(taken.code).toBe("FORBIDDEN");
    await liveMatches().terminate(matchId, "test over");
  });

  it("an open table (match.open) is still joined by its id", async () => {
    const [opener, guest] = [await player(db), await player(db)];
    const { matchId } = await callerAs(opener).match.open();
    expect(await callerAs(guest).match.join({ matchId })).toEqual({ seat: 1 });
    await liveMatches().terminate(matchId, "test over");
  });
});

describe("tables one player may hold open", () => {
  it("a flood of 40 match.open and game.create from one player opens MAX_WAITING_TABLES and refuses the rest", async () => {
    const flooder = await player(db);
    const caller = callerAs(flooder);
    const flood = await tally([
      ...Array.from({ length: 30 }, () => caller.match.open()),
      ...Array.from({ length: 10 }, () => caller.game.create({ kind: "long" })),
    ]);
    expect(flood).toEqual({ accepted: MAX_WAITING_TABLES, refused: ["TOO_MANY_REQUESTS"] });
    const waiting = await db.match.count({
      where: { status: "WAITING", seats: { some: { userId: flooder.id } } },
    });
    expect(waiting).toBe(MAX_WAITING_TABLES);
    // Someone else is not held back by it.
    await callerAs(await player(db)).match.open();
  });

  it(`a flood of 20 practice tables from one player opens ${MAX_PRACTICE_TABLES} and refuses the rest`, async () => {
    const flooder = await player(db);
    const flood = await tally(
      Array.from({ length: 20 }, () => liveMatches().openPractice(flooder, "easy")),
    );
    expect(flood).toEqual({ accepted: MAX_PRACTICE_TABLES, refused: ["TOO_MANY_REQUESTS"] });
  });

  it("a waiting table nobody started expires an hour after its last activity; a lobby's activity puts it off", async () => {
    const [idle, creator, friend] = [await player(db), await player(db), await player(db)];
    const stale = await callerAs(idle).match.open();
    const { matchId: lobby, code } = await callerAs(creator).game.create({ kind: "single" });
    const openedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await callerAs(friend).game.join({ code });

    await liveMatches().expireWaiting(openedAt + WAITING_TABLE_EXPIRES_MS + 10);
    // Nothing of a table never started is kept: no row, so no game in anyone's history.
    const rows = await db.match.findMany({
      where: { id: { in: [stale.matchId, lobby] } },
      select: { id: true, status: true },
    });
    expect(rows).toEqual([{ id: lobby, status: "WAITING" }]);
    expect((await liveMatches().get(idle, stale.matchId)).status).toBe("ENDED");
    const late = await refusal(callerAs(await player(db)).match.join({ matchId: stale.matchId }));
    expect(late.code).toBe("CONFLICT");

    await liveMatches().expireWaiting(Date.now() + WAITING_TABLE_EXPIRES_MS + 10);
    const gone = await refusal(callerAs(creator).game.lobby({ matchId: lobby }));
    expect(gone.code).toBe("NOT_FOUND");
  });
});
