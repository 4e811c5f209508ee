// npm run bench:solver-ab -- <git revision>: the hint solver of the working tree
// against the one of another revision, on the benchmark's positions. Both are
// copied out and loaded into one process; each position is solved by both in
// turn (which goes first alternating from one position to the next), three
// rounds, and each position's median is compared. In one process the copy
// loaded first ran 12–14 % faster than an identical one loaded second, so two
// processes load them in either order and each position's ratio is the
// geometric mean of the two: separate runs of one build drift by up to 60 %
// within an hour, far more than the changes this is for.

import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
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

/** What one process measured: per copy, in the order given, each position's median ms and answer. */
interface Measured {
  medians: number[][];
  answers: string[][];
}

async function solverAt(root: string): Promise<typeof SolveHint> {
  const module = (await import(pathToFileURL(path.join(root, "src/solver/index.ts")).href)) as {
    solveHint: typeof SolveHint;
  };
  return module.solveHint;
}

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** The child: loads the copies in the order given and measures them. */
async function measure(roots: readonly string[]): Promise<Measured> {
  const solvers: (typeof SolveHint)[] = [];
  for (const root of roots) solvers.push(await solverAt(root));
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
  return { medians: times.map((perPosition) => perPosition.map(median)), answers };
}

function report(names: readonly string[], runs: readonly [Measured, Measured]) {
  // The second process loaded the copies the other way round.
  const [first, second] = runs;
  const perCopy = (k: number) => [first.medians[k]!, second.medians[1 - k]!];
  const mean = (k: number) => perCopy(k)[0]!.map((t, n) => Math.sqrt(t * perCopy(k)[1]![n]!));
  const ms = [mean(0), mean(1)];
  ms.forEach((times, k) => {
    const sorted = [...times].sort((a, b) => a - b);
    const total = times.reduce((sum, t) => sum + t, 0);
    console.log(
      `${names[k]!.padEnd(14)} p50 ${quantile(sorted, 0.5).toFixed(3)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, ${times.filter((t) => t <= 1).length} positions ≤ 1 ms, total ${total.toFixed(0)} ms`,
    );
  });
  const ratio = (run: Measured, tree: number) =>
    Math.exp(
      run.medians[tree]!.reduce((sum, t, n) => sum + Math.log(t / run.medians[1 - tree]![n]!), 0) /
        POSITIONS,
    );
  const [loadedFirst, loadedSecond] = [ratio(first, 1), ratio(second, 0)];
  console.log(
    `working tree / ${names[0]}: × ${Math.sqrt(loadedFirst * loadedSecond).toFixed(3)} per position (geometric mean of ${POSITIONS}, medians of ${ROUNDS}; loaded second × ${loadedFirst.toFixed(3)}, first × ${loadedSecond.toFixed(3)})`,
  );
  const different = runs.reduce(
    (sum, run) => sum + run.answers[0]!.filter((answer, n) => answer !== run.answers[1]![n]).length,
    0,
  );
  console.log(`answers that differ  ${different / 2}`);
  if (different > 0) process.exitCode = 1;
}

async function main() {
  if (process.env.SOLVER_AB_ROOTS) {
    const measured = await measure(JSON.parse(process.env.SOLVER_AB_ROOTS) as string[]);
    process.stdout.write(JSON.stringify(measured));
    return;
  }
  const revision = process.argv[2];
  if (!revision) throw new Error("usage: npm run bench:solver-ab -- <git revision>");
  const here = path.resolve(import.meta.dirname, "..");
  const dir = mkdtempSync(path.join(tmpdir(), "solver-ab-"));
  try {
    const [old, tree] = [path.join(dir, "revision"), path.join(dir, "tree")];
    mkdirSync(old);
    const archive = execFileSync("git", ["archive", revision, "src"], {
      cwd: here,
      maxBuffer: 256 * 1024 * 1024,
    });
    execFileSync("tar", ["-x", "-C", old], { input: archive });
    // The working tree copied out too: a solver sharing its modules with the
    // benchmark's own (the positions are built with the engine) ran 12 %
    // faster than an identical copy beside it.
    cpSync(path.join(here, "src"), path.join(tree, "src"), { recursive: true });
    const child = (roots: string[]): Measured =>
      JSON.parse(
        execFileSync(process.execPath, [...process.execArgv, import.meta.filename], {
          env: { ...process.env, SOLVER_AB_ROOTS: JSON.stringify(roots) },
          maxBuffer: 64 * 1024 * 1024,
        }).toString(),
      ) as Measured;
    report([revision, "working tree"], [child([old, tree]), child([tree, old])]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
