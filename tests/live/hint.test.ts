// The Hint through the API (in this process, on a database of its own): served in
// practice and friendly games for the player's own seat, refused in ranked games;
// Machiavelox's and classic Machiavelli's.

import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { continuePlan, startPlan } from "@/bots/plan";
import { isSeatView } from "@/bots/seat";
import { splitGameView } from "@/components/table/game-view";
import type { SessionUser } from "@/server/auth/session";
import { followStep } from "@/bots/classic/steps";
import { STANDARD_OPTIONS, type ClassicView } from "@/engine/classic";
import { findClassicHint, findHint, HINTS_AT_ONCE } from "@/server/bots/hint";
import { thinkingPool, ThinkingTimeout, type Thinker } from "@/server/bots/pool";
import { liveMatches } from "@/server/matches/registry";
import { appRouter } from "@/server/routers/_app";
import { parseEnv } from "@/server/env";
import { createCallerFactory } from "@/server/trpc";
import { contextFor } from "../db/helpers";
import { player, withLiveMatches } from "../games/helpers";
import { liveDatabase } from "./harness";

const { db } = await liveDatabase();
// Every hand dealt from one seed: seat 0's first fifteen cards hold a meld.
withLiveMatches(db, { ...parseEnv({}), DEAL_SEED: 98 });
afterAll(() => thinkingPool().close());
// The pool's thread starts before the first hint, as on a server that has run a while: a cold
// thread loads the solver first, which on a loaded machine outlasts a hint's time limit.
beforeAll(() => thinkingPool().run({ type: "classic-hint", view: CLASSIC_NOBODY }, 60_000));

/** A spectator's view of nothing: the warm-up's job, answered at once. */
const CLASSIC_NOBODY = { you: null } as unknown as ClassicView;

const caller = (user: SessionUser) => createCallerFactory(appRouter)(contextFor(db, user));

/** A table of three players, started; `kind` says what it is for. */
async function seatedTable(kind: "COMPETITIVE" | "FRIENDLY_SINGLE") {
  const players = [await player(db), await player(db), await player(db)];
  const { matchId } = await liveMatches().open(players[0]!, { kind });
  for (const one of players.slice(1)) await liveMatches().seat(one, matchId);
  return { matchId, players };
}

/**
 * `count` hints asked at once of a thinker that answers only after a moment: HINTS_AT_ONCE are
 * answered, the rest refused as too many. Returns the thinker, answering at once from then on.
 */
async function flood(count: number, ask: (think: Thinker) => Promise<unknown>): Promise<Thinker> {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const slow = (() => answered.then(() => ({ kind: "none" }))) as Thinker;
  const asked = Array.from({ length: count }, () =>
    ask(slow).then(
      () => "answered",
      (error: TRPCError) => error.code,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  answer();
  const outcomes = await Promise.all(asked);
  expect(outcomes.filter((one) => one === "answered")).toHaveLength(HINTS_AT_ONCE);
  expect(new Set(outcomes.filter((one) => one !== "answered"))).toEqual(
    new Set(["TOO_MANY_REQUESTS"]),
  );
  return slow;
}

async function seatView(user: SessionUser, matchId: string) {
  const { view } = await liveMatches().seatView(user, matchId, 0);
  const hand = splitGameView(view!).hand;
  if (!isSeatView(hand)) throw new Error("not a seat's view");
  return hand;
}

describe("the Hint", () => {
  it("is refused in a ranked game, with the reason: ranked hands are played unaided", async () => {
    const { matchId, players } = await seatedTable("COMPETITIVE");
    const refused = await caller(players[0]!)
      .hint.best({ matchId, seat: 0 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect(refused).toMatchObject({
      code: "FORBIDDEN",
      message: "The Hint is only for friendly and practice games: ranked hands are played unaided.",
    });
  });

  it("in a friendly game it answers for the player's own seat only", async () => {
    const { matchId, players } = await seatedTable("FRIENDLY_SINGLE");
    // §1 the hand starts empty: nothing to place yet.
    expect(await caller(players[0]!).hint.best({ matchId, seat: 0 })).toEqual({ kind: "none" });
    const other = await caller(players[0]!)
      .hint.best({ matchId, seat: 1 })
      .catch((error: unknown) => error);
    expect(other).toMatchObject({ code: "FORBIDDEN" });
  });

  it("at a practice table it shows the best placement of the hand, and its steps place those cards", async () => {
    // The steps are sent one at a time, as the player's own actions.
    const user = await player(db);
    const { matchId } = await liveMatches().openPractice(user, "easy");
    for (let i = 0; i < 15; i++) await liveMatches().act(user, matchId, 0, { do: "draw" });
    const hint = await caller(user).hint.best({ matchId, seat: 0 });
    if (hint.kind !== "placement") throw new Error(`expected a placement, got ${hint.kind}`);
    const before = await seatView(user, matchId);
    expect(hint.placed.every((card) => before.you.hand.includes(card))).toBe(true);
    expect(hint.melds.flatMap((meld) => meld.cards)).toEqual(expect.arrayContaining(hint.placed));

    let plan = startPlan(before, hint.steps);
    for (;;) {
      const progress = continuePlan(await seatView(user, matchId), plan, false);
      if (progress.kind === "done") break;
      expect(progress.kind).toBe("next");
      if (progress.kind !== "next") return;
      await liveMatches().act(user, matchId, 0, progress.command);
      plan = progress.plan;
    }
    const after = await seatView(user, matchId);
    expect(after.you.hand).toHaveLength(before.you.hand.length - hint.placed.length);
    expect(after.table.flatMap((m) => m.cards.map((c) => c.card))).toEqual(
      expect.arrayContaining(hint.placed),
    );
  });

  it("a player has at most a couple of hints thinking at a time; the rest are refused", async () => {
    // A flood of 20 hints at once: 2 stay in the thinking pool.
    const user = await player(db);
    const { matchId } = await liveMatches().openPractice(user, "easy");
    const slow = await flood(20, (think) => findHint(liveMatches(), user, matchId, 0, think));
    // Once answered, the player may ask again.
    expect(await findHint(liveMatches(), user, matchId, 0, slow)).toEqual({ kind: "none" });
  });

  it("a search that outgrows its time says the position is too complex", async () => {
    const user = await player(db);
    const { matchId } = await liveMatches().openPractice(user, "easy");
    const slow = () => Promise.reject(new ThinkingTimeout("too slow"));
    expect(await findHint(liveMatches(), user, matchId, 0, slow)).toEqual({ kind: "too-complex" });
  });
});

/** A classic table of two players (the standard options), started; `kind` says what it is for. */
async function classicTable(kind: "COMPETITIVE" | "FRIENDLY_SINGLE") {
  const players = [await player(db), await player(db)];
  const spec = { rules: "classic" as const, players: 2, options: STANDARD_OPTIONS };
  const { matchId } = await liveMatches().open(players[0]!, { kind }, spec);
  await liveMatches().seat(players[1]!, matchId);
  const { view } = await liveMatches().seatView(players[0]!, matchId, 0);
  const mover = (view as ClassicView).turn!;
  return { matchId, players, mover, waiting: 1 - mover };
}

async function classicView(user: SessionUser, matchId: string, seat: number) {
  return (await liveMatches().seatView(user, matchId, seat)).view as ClassicView;
}

describe("the Hint at a classic table", () => {
  it("is refused in a ranked game, with the reason: ranked games are played unaided", async () => {
    const { matchId, players, mover } = await classicTable("COMPETITIVE");
    const refused = await caller(players[mover]!)
      .hint.classic({ matchId, seat: mover })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: "FORBIDDEN",
      message: "The Hint is only for friendly and practice games: ranked hands are played unaided.",
    });
  });

  it("in a friendly game it answers the mover with a placement of their own cards only, whose steps play them", async () => {
    const { matchId, players, mover } = await classicTable("FRIENDLY_SINGLE");
    const user = players[mover]!;
    const before = await classicView(user, matchId, mover);
    const hint = await caller(user).hint.classic({ matchId, seat: mover });
    if (hint.kind !== "placement") throw new Error(`expected a placement, got ${hint.kind}`);
    // Nothing but the seat's own hand, the face-up cards and the table: no other seat's card.
    const seen = new Set([
      ...before.you!.hand,
      ...before.faceUp,
      ...before.table.flatMap((c) => c.cards),
    ]);
    expect(hint.plan.target.flat().filter((card) => !seen.has(card))).toEqual([]);
    expect(hint.placed.every((card) => before.you!.hand.includes(card))).toBe(true);

    for (let index = 0; ; index++) {
      const command = followStep(hint.plan, index, await classicView(user, matchId, mover));
      if (!command) throw new Error(`step ${index} no longer fits the table`);
      await liveMatches().act(user, matchId, mover, command, "classic");
      if (command.do === "end") break;
    }
    const after = await classicView(user, matchId, mover);
    expect(after.you!.hand).toHaveLength(before.you!.hand.length - hint.placed.length);
    expect(after.table.flatMap((c) => c.cards)).toEqual(expect.arrayContaining(hint.placed));
  });

  it("answers only the asking player's own seat, and only on their turn", async () => {
    const { matchId, players, mover, waiting } = await classicTable("FRIENDLY_SINGLE");
    const others = await caller(players[mover]!)
      .hint.classic({ matchId, seat: waiting })
      .catch((error: unknown) => error);
    expect(others).toMatchObject({ code: "FORBIDDEN" });
    expect(await caller(players[waiting]!).hint.classic({ matchId, seat: waiting })).toEqual({
      kind: "cannot-play",
    });
  });

  it("a turn under way asks for a reset first: the plan starts from the table as the turn began", async () => {
    const { matchId, players, mover } = await classicTable("FRIENDLY_SINGLE");
    const user = players[mover]!;
    const card = (await classicView(user, matchId, mover)).you!.hand[0]!;
    await liveMatches().act(user, matchId, mover, { do: "put", card, to: "new" }, "classic");
    expect(await caller(user).hint.classic({ matchId, seat: mover })).toEqual({ kind: "started" });
  });

  it("each game's Hint is asked of its own procedure", async () => {
    const { matchId, players, mover } = await classicTable("FRIENDLY_SINGLE");
    const wrong = await caller(players[mover]!)
      .hint.best({ matchId, seat: mover })
      .catch((error: unknown) => error);
    expect(wrong).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("shares the cap on hints thinking at a time with Machiavelox's", async () => {
    const { matchId, players, mover } = await classicTable("FRIENDLY_SINGLE");
    const user = players[mover]!;
    await flood(10, (think) => findClassicHint(liveMatches(), user, matchId, mover, think));
    const late = () => Promise.reject(new ThinkingTimeout("too slow"));
    expect(await findClassicHint(liveMatches(), user, matchId, mover, late)).toEqual({
      kind: "too-complex",
    });
  });
});
