// `npm run puzzles:generate -- --count 2000 --seed S [--out prisma/puzzles.json]`:
// positions from hands played by the engine's random players, each solved
// exactly and kept when interesting (src/puzzles/generate.ts), deduplicated,
// every optimum checked against HiGHS's integer programme (a development
// dependency: the command is not part of the app). Writes the data file the
// server loads into an empty database on first start.

import { readFileSync, writeFileSync } from "node:fs";
import loadHighs from "highs";
import { integerProgramme } from "../../bench/solver-ilp";
import { tahitiProgramme } from "../../bench/solver-tahiti-positions";
import { meldRulesFor } from "@/engine";
import { PLACED_WEIGHT } from "../solver/bound";
import { replayPlan } from "../solver";
import { classicReplayError, hasJokers } from "../puzzles/classic";
import { botPositions, puzzleFrom, solveGraded, withJokers } from "../puzzles/generate";
import type { Puzzle } from "../puzzles/types";

const USAGE = "usage: npm run puzzles:generate -- --count N --seed S [--out FILE] [--append]";

interface Options {
  count: number;
  seed: number;
  out: string;
  /** Keep the file's puzzles and add `count` new ones after them. */
  append: boolean;
}

function parse(args: string[]): Options | string {
  const options: Options = { count: 500, seed: 1, out: "prisma/puzzles.json", append: false };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1] ?? ""];
    if (flag === "--append") {
      options.append = true;
      i--;
    } else if (flag === "--out" && value) options.out = value;
    else if ((flag === "--count" || flag === "--seed") && /^\d+$/.test(value))
      options[flag === "--count" ? "count" : "seed"] = Number(value);
    else return USAGE;
  }
  return options.count < 1 ? "--count must be at least 1" : options;
}

async function main() {
  const options = parse(process.argv.slice(2));
  if (typeof options === "string") {
    console.error(options);
    process.exit(2);
  }
  const highs = await loadHighs();
  const started = performance.now();
  const kept: Puzzle[] = options.append
    ? (JSON.parse(readFileSync(options.out, "utf8")) as Puzzle[])
    : [];
  const known = new Set(kept.map((p) => p.key));
  const puzzles = new Map<string, Puzzle>();
  let positions = 0;
  for (let hand = 0; puzzles.size < options.count; hand++) {
    const seed = options.seed * 1_000_003 + hand;
    // Each classic position is tried as it is and once more with Tahiti's jokers.
    const tried = botPositions({ seed }).flatMap((position, n) => [
      position,
      ...[withJokers(position, seed * 64 + n)].filter((p) => p !== null),
    ]);
    for (const position of tried) {
      positions++;
      const puzzle = puzzleFrom(position, solveGraded(position));
      if (!puzzle || puzzles.has(puzzle.key) || known.has(puzzle.key)) continue;
      check(puzzle);
      puzzles.set(puzzle.key, puzzle);
      if (puzzles.size % 50 === 0)
        console.log(`${puzzles.size} puzzles from ${positions} positions`);
      if (puzzles.size >= options.count) break;
    }
  }
  const list = [...puzzles.values()];
  writeFileSync(options.out, JSON.stringify([...kept, ...list]) + "\n");
  const ratings = list.map((p) => p.difficulty).sort((a, b) => a - b);
  const count = (test: (p: Puzzle) => boolean) => list.filter(test).length;
  console.log(
    `${list.length} puzzles from ${positions} positions (kept ${((100 * list.length) / positions).toFixed(1)}%) ` +
      `in ${((performance.now() - started) / 1000).toFixed(0)} s, HiGHS's optimum ${list.length}/${list.length}; ` +
      `${count((p) => p.position.rules === "machiavelox")} Machiavelox, ` +
      `${count((p) => p.position.rules === "classic")} classic of which ${count((p) => hasJokers(p.position))} with jokers; ` +
      `difficulty ${ratings[0]}..${ratings.at(-1)}, median ${ratings[ratings.length >> 1]} → ${options.out}` +
      (options.append ? ` (after its ${kept.length})` : ""),
  );

  /** HiGHS's optimum must be the solver's, and the answer must play: the command stops if not. */
  function check(puzzle: Puzzle) {
    const { position, solution } = puzzle;
    const tableCards = position.table.reduce((sum, m) => sum + m.cards.length, 0);
    const value = solution.placed.length * PLACED_WEIGHT + tableCards - solution.moved;
    const jokers = hasJokers(position);
    const programme = jokers
      ? tahitiProgramme({ table: position.table, own: position.hand, faceUp: [] })
      : integerProgramme({
          rules: meldRulesFor(position.rules),
          table: position.table,
          own: position.hand,
        });
    const ilp = highs.solve(programme, { output_flag: false, mip_rel_gap: 0 });
    if (ilp.Status !== "Optimal" || Math.round(ilp.ObjectiveValue) !== value)
      throw new Error(`${puzzle.key}: solver ${value}, HiGHS ${ilp.Status} ${ilp.ObjectiveValue}`);
    // The Machiavelox table replays the engine's plan; the classic table, which plays every
    // classic puzzle, the steps to the target.
    const rules = meldRulesFor(position.rules);
    const played = jokers
      ? { ok: true as const }
      : replayPlan({ rules, table: position.table, hand: position.hand }, solution.plan);
    const replay = !played.ok
      ? played.reason
      : position.rules === "classic"
        ? classicReplayError(position, solution)
        : null;
    if (replay !== null) throw new Error(`${puzzle.key}: the answer does not replay: ${replay}`);
  }
}

await main();
