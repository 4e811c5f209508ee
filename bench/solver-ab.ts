// npm run bench:solver-ab -- <git revision>: the hint solver of the working tree
// against the one of another revision, on the benchmark's positions, in one
// process. Each position is solved by both in turn, the first of the two
// alternating from one position to the next, three rounds; each position's
// median is compared. Measured on these machines: two copies of the same code
// give × 0.999, where separate runs of one build drift by up to 60 % within an
// hour, and copies alternating whole passes favour the first loaded by 10–25 %.

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { solveHint as SolveHint } from "../src/solver";
import { quantile } from "./quantile";
import { benchPosition } from "./solver-positions";

const POSITIONS = Number(process.env.POSITIONS ?? 500);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WARM_UP = 100;
const BUDGET = 100_000;

async function solverAt(root: string): Promise<typeof SolveHint> {
  const module = (await import(pathToFileURL(path.join(root, "src/solver/index.ts")).href)) as {
    solveHint: typeof SolveHint;
  };
  return module.solveHint;
}

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

async function main() {
  const revision = process.argv[2];
  if (!revision) throw new Error("usage: npm run bench:solver-ab -- <git revision>");
  const here = path.resolve(import.meta.dirname, "..");
  const dir = mkdtempSync(path.join(tmpdir(), "solver-ab-"));
  try {
    const archive = execFileSync("git", ["archive", revision, "src"], { cwd: here });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
    const solvers = [await solverAt(dir), await solverAt(here)];
    const names = [revision, "working tree"];
    for (let n = 0; n < WARM_UP; n++)
      for (const solve of solvers) solve({ ...benchPosition(n, 1), budget: BUDGET });
    const positions = Array.from({ length: POSITIONS }, (_, n) => benchPosition(n));
    const times = solvers.map(() => positions.map((): number[] => []));
    const answers = solvers.map(() => positions.map(() => ""));
    for (let round = 0; round < ROUNDS; round++)
      positions.forEach((position, n) => {
        for (const k of (round + n) % 2 === 0 ? [0, 1] : [1, 0]) {
          const start = performance.now();
          const result = solvers[k]!({ ...position, budget: BUDGET });
          times[k]![n]!.push(performance.now() - start);
          answers[k]![n] = result.ok
            ? `${result.hint.placed.length} placed, ${result.hint.moved} moved`
            : result.error.code;
        }
      });
    const medians = times.map((perPosition) => perPosition.map(median));
    medians.forEach((ms, k) => {
      const sorted = [...ms].sort((a, b) => a - b);
      const total = ms.reduce((sum, t) => sum + t, 0);
      console.log(
        `${names[k]!.padEnd(14)} p50 ${quantile(sorted, 0.5).toFixed(3)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, ${ms.filter((t) => t <= 1).length} positions ≤ 1 ms, total ${total.toFixed(0)} ms`,
      );
    });
    const logRatio = medians[1]!.reduce((sum, t, n) => sum + Math.log(t / medians[0]![n]!), 0);
    console.log(
      `working tree / ${revision}: × ${Math.exp(logRatio / POSITIONS).toFixed(3)} per position (geometric mean of ${POSITIONS}, medians of ${ROUNDS})`,
    );
    const different = positions.filter((_, n) => answers[0]![n] !== answers[1]![n]).length;
    console.log(`answers that differ  ${different}`);
    if (different > 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
