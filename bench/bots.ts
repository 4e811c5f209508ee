// `npm run bench:bots`: what the live server's bots and Hint cost, on positions bots
// met in seeded hands: decision and hint times per level, and how long the event loop
// stalls while hard bots make their slowest decisions again — on the loop itself, and
// in the server's thinking pool (src/server/bots/pool.ts). Prints figures; asserts nothing.

import { monitorEventLoopDelay } from "node:perf_hooks";
import { BOT_LEVELS, type BotLevel, NEW_MEMORY } from "../src/bots/policy";
import { playBotHand } from "../src/bots/tournament";
import { type HandView } from "@/engine";
import { HINT_LIMITS } from "../src/server/bots/hint";
import { ThinkingPool } from "../src/server/bots/pool";
import { type DecideJob, runJob } from "../src/server/bots/thinking";

const HANDS = 12;
const SLOWEST = 40;
const HINT_SAMPLE = 60;

/** Every view a hard bot decided from in seeded hands between the three levels. */
function positions(): HandView[] {
  const views: HandView[] = [];
  for (let seed = 1; seed <= HANDS; seed++)
    playBotHand({
      seed,
      levels: ["hard", "medium", "easy"],
      onDecision: (seat, view) => {
        if (seat === 0 && view.you && view.outcome === null) views.push(view);
      },
    });
  return views;
}

const job = (level: BotLevel, view: HandView, seed: number): DecideJob => ({
  type: "decide",
  level,
  view,
  now: view.now,
  memory: NEW_MEMORY,
  refused: null,
  seed,
});

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  return `p50 ${ms(at(0.5))}, p99 ${ms(at(0.99))}, max ${ms(sorted.at(-1)!)}`;
}

function timed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** The event loop's worst stall (ms) while `work` runs, sampled every 5 ms. */
async function stall(work: () => Promise<unknown>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  await work();
  histogram.disable();
  return histogram.max / 1e6;
}

async function main() {
  const views = positions();
  console.log(`${views.length} positions from ${HANDS} hands`);
  const times: Record<string, number[]> = {};
  for (const level of BOT_LEVELS) {
    times[level] = views.map((v, i) => timed(() => runJob(job(level, v, i))));
    console.log(`decision ${level.padEnd(6)}: ${percentiles(times[level])}`);
  }
  // Hints run as on the server: in the pool, within their time budget ("too complex" past it).
  const pool = new ThinkingPool(1);
  await pool.run(job("easy", views[0]!, 0), 10_000); // the thread's start-up is no hint's
  const sample = views.filter((_, i) => i % Math.ceil(views.length / HINT_SAMPLE) === 0);
  const answers: Record<string, number> = {};
  const hintTimes: number[] = [];
  for (const view of sample) {
    const start = performance.now();
    const { kind } = await pool
      .run({ type: "hint", view, budget: HINT_LIMITS.budget }, HINT_LIMITS.ms)
      .catch(() => ({ kind: "too-complex" }));
    hintTimes.push(performance.now() - start);
    answers[kind] = (answers[kind] ?? 0) + 1;
  }
  console.log(
    `hint (${sample.length} positions, ${HINT_LIMITS.ms} ms budget): ${percentiles(hintTimes)}; ` +
      `answers ${JSON.stringify(answers)}`,
  );

  const slowest = views
    .map((view, i) => ({ view, i, ms: times.hard![i]! }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST);
  const jobs = slowest.map(({ view, i }) => job("hard", view, i));
  const onLoop = await stall(async () => {
    for (const one of jobs) {
      runJob(one);
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  const offLoop = await stall(() => Promise.all(jobs.map((one) => pool.run(one, 10_000))));
  await pool.close();
  console.log(
    `event loop's worst stall over ${jobs.length} hard decisions: ` +
      `${onLoop.toFixed(1)} ms on the loop, ${offLoop.toFixed(1)} ms in the thinking pool`,
  );
}

void main();
