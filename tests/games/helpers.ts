import pino from "pino";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, expect, onTestFinished } from "vitest";
import type { SessionUser } from "@/server/auth/session";
import type { Db } from "@/server/db/client";
import { liveMatches, type LiveSettings, startLiveMatches } from "@/server/matches/registry";
import { parseEnv } from "@/server/env";
import { newPlayer, uniqueName } from "../db/helpers";

/**
 * The live server's registry in this test process, on the test database: a node of its own,
 * as test files share the database and each owns only the matches it opens.
 */
export function withLiveMatches(db: Db, settings: LiveSettings = parseEnv({})) {
  beforeAll(async () => {
    const node = { ...settings, NODE_ID: uniqueName("node") };
    await startLiveMatches(db, pino({ level: "silent" }), node);
  });
  afterAll(() => liveMatches().shutdown());
}

export async function player(db: Db): Promise<SessionUser> {
  const { id, name, role } = await newPlayer(db);
  return { id, name, role };
}

/** Seats 1 and 2 leave the hand (§11.3): seat 0 wins it as the survivor (§9). */
export async function twoLeave(seated: SessionUser[], matchId: string) {
  for (const seat of [1, 2]) await liveMatches().act(seated[seat]!, matchId, seat, { do: "leave" });
}

/** The players in seat order. */
export async function seatsOf(db: Db, matchId: string, players: SessionUser[]) {
  const seats = await db.matchSeat.findMany({ where: { matchId }, orderBy: { seat: "asc" } });
  return seats.map((seat) => players.find((one) => one.id === seat.userId)!);
}

/** Keeps the players' seats present (§11) by following their streams, until the test ends. */
export async function present(seated: SessionUser[], matchId: string) {
  const stop = new AbortController();
  onTestFinished(() => stop.abort());
  for (const user of seated) {
    const stream = await liveMatches().followSeat(user, matchId, null, stop.signal);
    void (async () => {
      for await (const _ of stream);
    })();
  }
}

/** The site refusal's code (refusals.ts) a promise is rejected with. */
export async function refusalOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return ((error as TRPCError).cause as { data?: { code: string } } | undefined)?.data?.code;
}
