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
    await writeFile(file, JSON.stringify(puzzles));
    expect(await loadPuzzles(db, file)).toBe(3);
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
      streak: true,
    });
    expect(lost.rating!.after).toBeLessThan(lost.rating!.before);
    expect(lost.streak).toBe(0);
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
});
