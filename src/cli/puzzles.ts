// `npm run puzzles:generate -- --count 2000 --seed S [--out prisma/puzzles.json]`:
// positions from hands played by the engine's random players, each solved
// exactly and kept when interesting (src/puzzles/generate.ts), deduplicated,
// every optimum checked against HiGHS's integer programme (a development
// dependency: the command is not part of the app). Writes the data file the
// server loads into an empty database on first start.

import { writeFileSync } from "node:fs";
import loadHighs from "highs";
import { integerProgramme } from "../../bench/solver-ilp";
import { meldRulesFor } from "@/engine";
import { PLACED_WEIGHT } from "../solver/bound";
import { replayPlan } from "../solver";
import { botPositions, puzzleFrom, solveGraded } from "../puzzles/generate";
import type { Puzzle } from "../puzzles/types";

const USAGE = "usage: npm run puzzles:generate -- --count N --seed S [--out FILE]";

function parse(args: string[]): { count: number; seed: number; out: string } | string {
  const options = { count: 500, seed: 1, out: "prisma/puzzles.json" };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1] ?? ""];
    if (flag === "--out" && value) options.out = value;
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
  const puzzles = new Map<string, Puzzle>();
  let positions = 0;
  for (let hand = 0; puzzles.size < options.count; hand++) {
    for (const position of botPositions({ seed: options.seed * 1_000_003 + hand })) {
      positions++;
      const puzzle = puzzleFrom(position, solveGraded(position));
      if (!puzzle || puzzles.has(puzzle.key)) continue;
      const rules = meldRulesFor(position.rules);
      const { solution } = puzzle;
      const tableCards = position.table.reduce((sum, m) => sum + m.cards.length, 0);
      const value = solution.placed.length * PLACED_WEIGHT + tableCards - solution.moved;
      const ilp = highs.solve(
        integerProgramme({ rules, table: position.table, own: position.hand }),
        {
          output_flag: false,
          mip_rel_gap: 0,
        },
      );
      if (ilp.Status !== "Optimal" || Math.round(ilp.ObjectiveValue) !== value)
        throw new Error(
          `${puzzle.key}: solver ${value}, HiGHS ${ilp.Status} ${ilp.ObjectiveValue}`,
        );
      const replay = replayPlan(
        { rules, table: position.table, hand: position.hand },
        solution.plan,
      );
      if (!replay.ok) throw new Error(`${puzzle.key}: the plan does not replay: ${replay.reason}`);
      puzzles.set(puzzle.key, puzzle);
      if (puzzles.size % 50 === 0)
        console.log(`${puzzles.size} puzzles from ${positions} positions`);
      if (puzzles.size >= options.count) break;
    }
  }
  const list = [...puzzles.values()];
  writeFileSync(options.out, JSON.stringify(list) + "\n");
  const ratings = list.map((p) => p.difficulty).sort((a, b) => a - b);
  console.log(
    `${list.length} puzzles from ${positions} positions, every optimum HiGHS's; ` +
      `difficulty ${ratings[0]}..${ratings.at(-1)}, median ${ratings[ratings.length >> 1]} → ${options.out}`,
  );
}

await main();
