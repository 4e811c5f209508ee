// npm run bench:solver-tahiti — the exact search for Tahiti positions (jokers,
// face-up cards) against the integer programme solved by HiGHS, on seeded
// positions; each answer played through the classic engine as a whole-table
// turn, which must stand.

import loadHighs from "highs";
import { solveTahiti } from "../src/solver";
import { PLACED_WEIGHT } from "../src/solver/bound";
import { quantile } from "./quantile";
import { standsInEngine, tahitiPosition, tahitiProgramme } from "./solver-tahiti-positions";

const POSITIONS = Number(process.env.POSITIONS ?? 300);
const SEED = Number(process.env.SEED ?? 1);
/** Table cards: the hard bot hands the search at most 45 (SOLVER_LIMITS). */
const TABLE: [number, number] = [
  Number(process.env.TABLE_MIN ?? 6),
  Number(process.env.TABLE_MAX ?? 45),
];
const WARM_UP = 30;

async function main() {
  const highs = await loadHighs();
  for (let n = 0; n < WARM_UP; n++)
    solveTahiti({ ace: "low-or-high", ...tahitiPosition(n, SEED + 1, TABLE) });
  const solverMs: number[] = [];
  const highsMs: number[] = [];
  let agree = 0;
  let tooComplex = 0;
  let stands = 0;
  const failures: string[] = [];
  let jokers = 0;
  let faceUps = 0;
  for (let n = 0; n < POSITIONS; n++) {
    const position = tahitiPosition(n, SEED, TABLE);
    if ([...position.table.flatMap((m) => m.cards), ...position.own].some((c) => c >= 104))
      jokers++;
    if (position.faceUp.length > 0) faceUps++;
    const tableCards = position.table.reduce((sum, m) => sum + m.cards.length, 0);
    let start = performance.now();
    const result = solveTahiti({ ace: "low-or-high", ...position });
    solverMs.push(performance.now() - start);
    start = performance.now();
    const ilp = highs.solve(tahitiProgramme(position), { output_flag: false, mip_rel_gap: 0 });
    highsMs.push(performance.now() - start);
    if (ilp.Status !== "Optimal") throw new Error(`position ${n}: HiGHS says ${ilp.Status}`);
    if (!result.ok) {
      if (result.error.code !== "too-complex") throw new Error(result.error.reason);
      tooComplex++;
      continue;
    }
    const { hint } = result;
    if (standsInEngine(position, hint.target, hint.placed.length)) stands++;
    else failures.push(`#${n}: the engine refuses the answer's table`);
    const value = hint.placed.length * PLACED_WEIGHT + tableCards - hint.moved;
    if (value === Math.round(ilp.ObjectiveValue)) agree++;
    else failures.push(`#${n}: search ${value}, HiGHS ${ilp.ObjectiveValue}`);
  }
  const sort = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const [s, h] = [sort(solverMs), sort(highsMs)];
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  console.log(
    `positions            ${POSITIONS} (Tahiti: table ${TABLE.join("–")} cards, hand 3–10; ${jokers} with jokers in play, ${faceUps} with face-up cards; seed ${SEED})`,
  );
  console.log(
    `optimum agreement    ${(Math.floor((1000 * agree) / POSITIONS) / 10).toFixed(1)}% (${agree}/${POSITIONS}; ${tooComplex} over the search's budget, ${POSITIONS - agree - tooComplex} different)`,
  );
  console.log(`tables the engine accepts ${stands}/${POSITIONS - tooComplex}`);
  console.log(`search  p50 / p99    ${ms(quantile(s, 0.5))} / ${ms(quantile(s, 0.99))}`);
  console.log(`HiGHS   p50 / p99    ${ms(quantile(h, 0.5))} / ${ms(quantile(h, 0.99))}`);
  for (const line of failures.slice(0, 10)) console.log(`  ${line}`);
  if (failures.length > 0) process.exitCode = 1;
}

void main();
