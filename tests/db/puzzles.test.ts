import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { grantRole } from "@/server/accounts/accounts";
import { loadPuzzles } from "@/server/puzzles/store";
import { puzzleRouter } from "@/server/routers/puzzle";
import { createCallerFactory } from "@/server/trpc";
import { puzzleFrom, solveGraded } from "@/puzzles/generate";
import type { Puzzle } from "@/puzzles/types";
import { position } from "../puzzles/position";
import { contextFor, newPlayer, testDb } from "./helpers";

const db = testDb();
const caller = createCallerFactory(puzzleRouter);

const puzzles = [
  position("machiavelox", "9D", "6H 7H 8H 9H", "6C 7C 8C 9C"),
  position("machiavelox", "9H", "6D 7D 8D 9D", "6S 7S 8S 9S"),
  position("machiavelox", "AC", "JC JD JH", "QC QD QH", "KC KD KH"),
].map((p) => puzzleFrom(p, solveGraded(p))!);

async function code(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  return error instanceof TRPCError ? error.code : error;
}

/** The table as the position has it: a valid answer that places nothing. */
const nothing = (p: Puzzle) => ({ melds: p.position.table.map((m) => m.cards), placed: [] });
const best = (p: Puzzle) => ({
  melds: p.solution.target.map((m) => m.cards),
  placed: p.solution.placed,
});

describe("puzzles in the database", () => {
  beforeAll(async () => {
    expect(puzzles.every(Boolean)).toBe(true);
    const file = path.join(tmpdir(), `puzzles-${process.pid}.json`);
    await writeFile(file, JSON.stringify(puzzles.slice(0, 2)));
    expect(await loadPuzzles(db, file)).toBe(2);
    // A new release's file: only the puzzle the table lacks is added.
    await writeFile(file, JSON.stringify(puzzles));
    expect(await loadPuzzles(db, file)).toBe(1);
    // Loaded once: a second start finds them there.
    expect(await loadPuzzles(db, file)).toBe(0);
  });

  it("a visitor plays the daily puzzle unrated, and no other", async () => {
    const visitor = caller(contextFor(db, null));
    const daily = await visitor.daily();
    expect(daily.goal).toBeGreaterThan(0);
    expect(daily).not.toHaveProperty("solution");
    const solved = await visitor.submit({
      id: daily.id,
      ...best(puzzles.find((p) => p.id === daily.id)!),
    });
    expect(solved).toMatchObject({ solved: true, rating: null });
    const other = puzzles.find((p) => p.id !== daily.id)!;
    expect(await code(visitor.submit({ id: other.id, ...best(other) }))).toBe("UNAUTHORIZED");
    expect(await code(visitor.next({}))).toBe("UNAUTHORIZED");
  });

  it("limits a visitor's attempts per address (30 a minute)", async () => {
    const flooder = caller({ ...contextFor(db, null), clientAddress: "flood" });
    const daily = await flooder.daily();
    const p = puzzles.find((x) => x.id === daily.id)!;
    for (let i = 0; i < 30; i++) await flooder.submit({ id: daily.id, ...nothing(p) });
    expect(await code(flooder.submit({ id: daily.id, ...nothing(p) }))).toBe("TOO_MANY_REQUESTS");
    // Another address still plays.
    expect(
      (await caller(contextFor(db, null)).submit({ id: daily.id, ...nothing(p) })).solved,
    ).toBe(false);
  });

  it("a player's first attempt is rated: solved raises the rating, a miss lowers it", async () => {
    const player = await newPlayer(db);
    const me = caller(contextFor(db, { id: player.id, name: player.name, role: "PLAYER" }));
    const first = await me.next({});
    const puzzle = puzzles.find((p) => p.id === first.id)!;
    const won = await me.submit({ id: first.id, ...best(puzzle) });
    expect(won.solved).toBe(true);
    expect(won.rating!.after).toBeGreaterThan(won.rating!.before);
    const again = await me.submit({ id: first.id, ...nothing(puzzle) });
    expect(again).toMatchObject({ solved: false, rating: null });
    const second = await me.next({});
    expect(second.id).not.toBe(first.id);
    const lost = await me.submit({
      id: second.id,
      ...nothing(puzzles.find((p) => p.id === second.id)!),
    });
    expect(lost.rating!.after).toBeLessThan(lost.rating!.before);
    expect(lost.streak).toBeNull();
    const profile = await me.profile();
    expect(profile.history).toHaveLength(3);
    expect(profile.rating).toBe(lost.rating!.after);
  });

  it("refuses an invalid table, changing nothing", async () => {
    const player = await newPlayer(db);
    const me = caller(contextFor(db, { id: player.id, name: player.name, role: "PLAYER" }));
    const p = puzzles[0]!;
    const melds = [p.position.table[0]!.cards.slice(0, 2), p.position.table[1]!.cards];
    expect(await code(me.submit({ id: p.id, melds, placed: [] }))).toBe("BAD_REQUEST");
    expect((await me.profile()).history).toHaveLength(0);
  });

  it("a moderator hides a puzzle; a player may not", async () => {
    const player = await newPlayer(db);
    const plain = caller(contextFor(db, { id: player.id, name: player.name, role: "PLAYER" }));
    const p = puzzles[2]!;
    expect(await code(plain.hide({ id: p.id, hidden: true }))).toBe("FORBIDDEN");
    const moderator = await newPlayer(db);
    await grantRole(db, moderator.name, "MODERATOR");
    const mod = caller(
      contextFor(db, { id: moderator.id, name: moderator.name, role: "MODERATOR" }),
    );
    await mod.hide({ id: p.id, hidden: true });
    expect(await code(plain.get({ id: p.id }))).toBe("NOT_FOUND");
    await mod.hide({ id: p.id, hidden: false });
    expect((await plain.get({ id: p.id })).id).toBe(p.id);
  });

  /** A moderator's caller and a plain player's. */
  async function players() {
    const player = await newPlayer(db);
    const plain = caller(contextFor(db, { id: player.id, name: player.name, role: "PLAYER" }));
    const moderator = await newPlayer(db);
    await grantRole(db, moderator.name, "MODERATOR");
    const mod = caller(
      contextFor(db, { id: moderator.id, name: moderator.name, role: "MODERATOR" }),
    );
    return { player, plain, moderator, mod };
  }

  /** Copies of a puzzle under new ids and keys, rated as given (theme `jokers`, none else has it here). */
  async function copies(of: Puzzle, tag: string, ratings: number[], hidden = false) {
    const ids = ratings.map((_, i) => `${tag}${i}`);
    await db.puzzle.createMany({
      data: ratings.map((rating, i) => ({
        id: ids[i]!,
        key: `${of.key}#${tag}${i}`,
        rules: of.position.rules,
        position: of.position as object,
        solution: of.solution as object,
        themes: ["jokers"],
        difficulty: rating,
        rating,
        ratingDeviation: 200,
        ratingVolatility: 0.06,
        hidden,
      })),
    });
    return ids;
  }

  it("a player reports a puzzle once, with a reason; a visitor may not", async () => {
    const { plain } = await players();
    const p = puzzles[1]!;
    expect(await code(plain.report({ id: p.id, kind: "WRONG", reason: "  " }))).toBe("BAD_REQUEST");
    expect(await plain.report({ id: p.id, kind: "WRONG", reason: "the solver misses 9H" })).toEqual(
      { id: expect.any(String) },
    );
    expect(await code(plain.report({ id: p.id, kind: "UNFAIR", reason: "again, again" }))).toBe(
      "CONFLICT",
    );
    expect(await code(plain.report({ id: "nosuchpuzzle", kind: "WRONG", reason: "why" }))).toBe(
      "NOT_FOUND",
    );
    expect(
      await code(caller(contextFor(db, null)).report({ id: p.id, kind: "WRONG", reason: "bad!" })),
    ).toBe("UNAUTHORIZED");
    expect(await db.puzzleReport.count({ where: { puzzleId: p.id } })).toBe(1);
  });

  it("reports are limited to 10 an hour per player: a flood of reports is refused", async () => {
    const { plain } = await players();
    const ids = await copies(puzzles[0]!, "flood", Array(11).fill(1500), true);
    for (const id of ids.slice(0, 10))
      await plain.report({ id, kind: "UNFAIR", reason: "flooding the moderators" });
    expect(await code(plain.report({ id: ids[10]!, kind: "UNFAIR", reason: "one too many" }))).toBe(
      "TOO_MANY_REQUESTS",
    );
    expect(await db.puzzleReport.count({ where: { puzzleId: ids[10]! } })).toBe(0);
  });

  it("a moderator dismisses a report or disables the puzzle, audited; a player may do neither", async () => {
    const { plain, mod, moderator } = await players();
    const [kept, bad] = await copies(puzzles[0]!, "mod", [1500, 1500]);
    const other = await players();
    const onKept = await plain.report({ id: kept!, kind: "UNFAIR", reason: "too easy to be fair" });
    const onBad = await plain.report({ id: bad!, kind: "WRONG", reason: "the answer is wrong" });
    const second = await other.plain.report({ id: bad!, kind: "WRONG", reason: "wrong, yes" });
    expect(await code(plain.reports({ open: true }))).toBe("FORBIDDEN");
    const visitor = caller(contextFor(db, null));
    expect(await code(visitor.reports({ open: true }))).toBe("UNAUTHORIZED");
    expect(await code(visitor.closeReport({ reportId: onBad.id, action: "dismiss" }))).toBe(
      "UNAUTHORIZED",
    );
    expect(await code(plain.closeReport({ reportId: onBad.id, action: "disable" }))).toBe(
      "FORBIDDEN",
    );
    const open = await mod.reports({ open: true });
    expect(open.filter((r) => r.puzzle.id === bad).map((r) => r.reason)).toEqual([
      "the answer is wrong",
      "wrong, yes",
    ]);

    await mod.closeReport({ reportId: onKept.id, action: "dismiss" });
    expect((await plain.get({ id: kept! })).id).toBe(kept);
    await mod.closeReport({ reportId: onBad.id, action: "disable" });
    expect(await code(plain.get({ id: bad! }))).toBe("NOT_FOUND");
    // The puzzle's other open report is closed with it, and nothing is closed twice.
    expect(await db.puzzleReport.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({
      status: "DISABLED",
      closedById: moderator.id,
    });
    expect(await code(mod.closeReport({ reportId: onKept.id, action: "disable" }))).toBe(
      "NOT_FOUND",
    );
    expect((await plain.get({ id: kept! })).id).toBe(kept);
    const closed = await mod.reports({ open: false });
    expect(closed.find((r) => r.id === onKept.id)).toMatchObject({ status: "DISMISSED" });
    const log = await db.auditEntry.findMany({ where: { actorId: moderator.id } });
    expect(log.map((e) => e.action).sort()).toEqual(["dismiss-puzzle-report", "hide-puzzle"]);
    await db.puzzle.deleteMany({ where: { id: { in: [kept!, bad!] } } });
  });

  it("a streak serves its puzzle again until answered, each next one harder, until the first miss", async () => {
    const { player, plain } = await players();
    const ladder = await copies(puzzles[0]!, "streak", [800, 875, 950, 1025]);
    const streak = { streak: true, themes: ["jokers" as const] };
    const first = await plain.next(streak);
    expect(first.id).toBe(ladder[0]);
    // A reload cannot skip it.
    expect((await plain.next(streak)).id).toBe(first.id);
    const won = await plain.submit({ id: first.id, ...best(puzzles[0]!), streak: true });
    expect(won.streak).toBe(1);
    const second = await plain.next(streak);
    expect(second.id).toBe(ladder[1]);
    // Only the streak's puzzle counts in the streak.
    expect(await code(plain.submit({ id: ladder[2]!, ...best(puzzles[0]!), streak: true }))).toBe(
      "BAD_REQUEST",
    );
    await plain.submit({ id: second.id, ...best(puzzles[0]!), streak: true });
    expect((await plain.next(streak)).id).toBe(ladder[2]);
    const miss = await plain.submit({ id: ladder[2]!, ...nothing(puzzles[0]!), streak: true });
    expect(miss).toMatchObject({ streak: 0, streakBefore: 2 });
    // A new streak starts again at the bottom of the ladder.
    expect((await plain.next(streak)).id).toBe(ladder[0]);
    expect(await db.user.findUniqueOrThrow({ where: { id: player.id } })).toMatchObject({
      puzzleStreak: 0,
      puzzleBestStreak: 2,
    });
    await db.puzzle.deleteMany({ where: { id: { in: ladder } } });
  });
});
