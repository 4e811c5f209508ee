// npm run bench:solver — the hint solver against an integer programme solved by
// HiGHS, on the same seeded positions in the same run; each plan replayed.

import { replayPlan, solveHint } from "../src/solver";
import { compareWithHighs, report } from "./highs-compare";
import { quantile } from "./quantile";
import { integerProgramme } from "./solver-ilp";
import {
  BENCH_SEED,
  benchPosition,
  POSITION_SHAPES,
  type PositionShape,
  type PositionSize,
} from "./solver-positions";

const POSITIONS = Number(process.env.POSITIONS ?? 500);
// Another seed checks agreement on positions the solver was never tuned on.
const SEED = Number(process.env.SEED ?? BENCH_SEED);
// Another shape checks agreement where the solver works hardest (timings then are not the goal's).
const SHAPE = (process.env.SHAPE ?? "bench") as PositionShape;
// Both solvers first run on positions of another seed, untimed: the Hint is
// served by a long-running process, and without it the first hundred timed
// positions pay for the compiler's warm-up (their p50 3.4 times what it is warm).
const WARM_UP = Number(process.env.WARM_UP ?? 100);
const WARM_UP_SEED = 1;
// States the solver may hold before it reports the position as too complex.
const BUDGET = 100_000;

async function main() {
  if (!Object.hasOwn(POSITION_SHAPES, SHAPE))
    throw new Error(`SHAPE must be one of ${Object.keys(POSITION_SHAPES).join(", ")}`);
  const result = await compareWithHighs({
    positions: POSITIONS,
    position: (n) => benchPosition(n, SEED, SHAPE),
    name: (n, position) => `#${n} ${position.rules.id}`,
    tableCards: (position) => position.table.reduce((sum, m) => sum + m.cards.length, 0),
    solve: (position) => {
      const result = solveHint({ ...position, budget: BUDGET });
      if (!result.ok) return { ok: false, ...result.error };
      const { hint } = result;
      const replay = replayPlan({ ...position, hand: position.own }, hint.plan);
      const replayed = replay.ok && replay.hand.length === position.own.length - hint.placed.length;
      const fault = replayed
        ? null
        : "the plan does not replay" +
          (replay.ok ? "" : ` (step ${replay.step}: ${replay.reason})`);
      return { ok: true, placed: hint.placed.length, moved: hint.moved, fault };
    },
    programme: integerProgramme,
    warmUp: { positions: WARM_UP, position: (n) => benchPosition(n, WARM_UP_SEED), highs: true },
  });
  const size: PositionSize = POSITION_SHAPES[SHAPE];
  const ranks = size.ranks ? `, ranks ${size.ranks.join(" ")}` : "";
  const shape = `table ${size.table.join("–")} cards, hand ${size.hand.join("–")}${ranks}`;
  console.log(
    `positions            ${POSITIONS} (${shape}, both rule sets, seed ${SEED}; after ${WARM_UP} untimed of seed ${WARM_UP_SEED})`,
  );
  report(result, POSITIONS, {
    budget: "the solver's state budget",
    checked: "plans replayed      ",
    solver: "solver",
  });
  const median = (xs: number[]) => quantile(xs, 0.5);
  console.log(
    `median ratio         HiGHS / solver = ${(median(result.highsMs) / median(result.solverMs)).toFixed(1)}×`,
  );
}

void main();
