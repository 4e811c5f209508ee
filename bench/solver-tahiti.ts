// npm run bench:solver-tahiti — the exact search for Tahiti positions (jokers,
// face-up cards) against the integer programme solved by HiGHS, on seeded
// positions; each answer played through the classic engine as a whole-table
// turn, which must stand.

import { solveTahiti } from "../src/solver";
import { compareWithHighs, report } from "./highs-compare";
import {
  standsInEngine,
  tahitiPosition,
  tahitiProgramme,
  type TahitiPosition,
} from "./solver-tahiti-positions";

const POSITIONS = Number(process.env.POSITIONS ?? 300);
const SEED = Number(process.env.SEED ?? 1);
/** Table cards: the hard bot hands the search at most 45 (SOLVER_LIMITS). */
const TABLE: [number, number] = [
  Number(process.env.TABLE_MIN ?? 6),
  Number(process.env.TABLE_MAX ?? 45),
];
const WARM_UP = 30;

const tableCards = (position: TahitiPosition) =>
  position.table.reduce((sum, m) => sum + m.cards.length, 0);

async function main() {
  const result = await compareWithHighs({
    positions: POSITIONS,
    position: (n) => tahitiPosition(n, SEED, TABLE),
    name: (n) => `#${n}`,
    tableCards,
    solve: (position) => {
      const result = solveTahiti({ ace: "low-or-high", ...position });
      if (!result.ok) return { ok: false, ...result.error };
      const { hint } = result;
      const stands = standsInEngine(position, hint.target, hint.placed.length);
      const fault = stands ? null : "the engine refuses the answer's table";
      return { ok: true, placed: hint.placed.length, moved: hint.moved, fault };
    },
    programme: tahitiProgramme,
    warmUp: {
      positions: WARM_UP,
      position: (n) => tahitiPosition(n, SEED + 1, TABLE),
      highs: false,
    },
  });
  let jokers = 0;
  let faceUps = 0;
  for (let n = 0; n < POSITIONS; n++) {
    const position = tahitiPosition(n, SEED, TABLE);
    if ([...position.table.flatMap((m) => m.cards), ...position.own].some((c) => c >= 104))
      jokers++;
    if (position.faceUp.length > 0) faceUps++;
  }
  console.log(
    `positions            ${POSITIONS} (Tahiti: table ${TABLE.join("–")} cards, hand 3–10; ${jokers} with jokers in play, ${faceUps} with face-up cards; seed ${SEED})`,
  );
  report(result, POSITIONS, {
    budget: "the search's budget",
    checked: "tables the engine accepts",
    solver: "search",
  });
}

void main();
