// The loop both solver benchmarks share: each seeded position solved by the
// exact solver and, as an integer programme, by HiGHS, in the same run; the
// optimum compared (128 per own card placed plus one per table card kept), each
// answer checked its own way, and the timings and agreement printed alike.

import loadHighs from "highs";
import { PLACED_WEIGHT } from "../src/solver/bound";
import { quantile } from "./quantile";

/** The solver's answer to one position, or why there is none. */
export type Answered =
  | {
      ok: true;
      placed: number;
      moved: number;
      /** What is wrong with the answer beyond its value (a plan that does not replay…), or null. */
      fault: string | null;
    }
  | { ok: false; code: string; reason: string };

export interface Compare<P> {
  positions: number;
  position: (n: number) => P;
  /** How a position is named in a failure line. */
  name: (n: number, position: P) => string;
  tableCards: (position: P) => number;
  solve: (position: P) => Answered;
  programme: (position: P) => string;
  /** Positions solved first, untimed, so the timed ones do not pay for the compiler's warm-up. */
  warmUp: { positions: number; position: (n: number) => P; highs: boolean };
}

export interface Compared {
  agree: number;
  tooComplex: number;
  different: number;
  /** Answers whose own check passed. */
  checked: number;
  failures: string[];
  solverMs: number[];
  highsMs: number[];
}

export async function compareWithHighs<P>(spec: Compare<P>): Promise<Compared> {
  const highs = await loadHighs();
  const options = { output_flag: false, mip_rel_gap: 0 };
  for (let n = 0; n < spec.warmUp.positions; n++) {
    const warm = spec.warmUp.position(n);
    spec.solve(warm);
    if (spec.warmUp.highs) highs.solve(spec.programme(warm), options);
  }
  const out: Compared = {
    agree: 0,
    tooComplex: 0,
    different: 0,
    checked: 0,
    failures: [],
    solverMs: [],
    highsMs: [],
  };
  for (let n = 0; n < spec.positions; n++) {
    const position = spec.position(n);
    let start = performance.now();
    const answer = spec.solve(position);
    out.solverMs.push(performance.now() - start);
    start = performance.now();
    const ilp = highs.solve(spec.programme(position), options);
    out.highsMs.push(performance.now() - start);
    if (ilp.Status !== "Optimal") throw new Error(`position ${n}: HiGHS says ${ilp.Status}`);
    if (!answer.ok) {
      if (answer.code !== "too-complex") throw new Error(answer.reason);
      out.tooComplex++;
      continue;
    }
    if (answer.fault === null) out.checked++;
    else out.failures.push(`${spec.name(n, position)}: ${answer.fault}`);
    const value = answer.placed * PLACED_WEIGHT + spec.tableCards(position) - answer.moved;
    if (value === Math.round(ilp.ObjectiveValue)) out.agree++;
    else {
      out.different++;
      out.failures.push(`${spec.name(n, position)}: solver ${value}, HiGHS ${ilp.ObjectiveValue}`);
    }
  }
  out.solverMs.sort((a, b) => a - b);
  out.highsMs.sort((a, b) => a - b);
  return out;
}

const ms = (x: number) => `${x.toFixed(2)} ms`;

/** The agreement and timing lines; exit code 1 when anything failed. */
export function report(
  result: Compared,
  positions: number,
  words: { budget: string; checked: string; solver: string },
): void {
  const { agree, tooComplex, different, checked, failures, solverMs, highsMs } = result;
  // Rounded down: one answer of 2,000 wrong must not read as 100.0 %.
  console.log(
    `optimum agreement    ${(Math.floor((1000 * agree) / positions) / 10).toFixed(1)}% (${agree}/${positions}; ${tooComplex} over ${words.budget}, ${different} different)`,
  );
  console.log(`${words.checked} ${checked}/${positions - tooComplex}`);
  console.log(
    `${words.solver.padEnd(8)}p50 / p99    ${ms(quantile(solverMs, 0.5))} / ${ms(quantile(solverMs, 0.99))}`,
  );
  console.log(
    `HiGHS   p50 / p99    ${ms(quantile(highsMs, 0.5))} / ${ms(quantile(highsMs, 0.99))}`,
  );
  for (const line of failures.slice(0, 10)) console.log(`  ${line}`);
  if (failures.length > 0) process.exitCode = 1;
}
