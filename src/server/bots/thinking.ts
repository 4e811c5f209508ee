// What bots and the Hint compute, as plain data in and out, so it can run in a
// worker thread (pool.ts) as well as in process: a bot's decision (src/bots) and
// the best placement for a seat's own cards (src/solver). Both see one seat's
// view only, never the hand's state.

import {
  type BotDecision,
  type BotLevel,
  type BotMemory,
  decideBot,
  goesOutInvalidly,
} from "@/bots/policy";
import { fromStaging, NEW_MELD } from "@/bots/plan";
import { isSeatView, mayAct, placeable, RULES, type TableMeld, workableMelds } from "@/bots/seat";
import { type Rejection, mulberry32, type Millis, type HandView } from "@/engine";
import { solveHint } from "@/solver";
import type { HintAnswer } from "@/protocol/hint";

/** A bot's decision, with its random source as a seed (a function cannot cross threads). */
export interface DecideJob {
  type: "decide";
  level: BotLevel;
  view: HandView;
  now: Millis;
  memory: BotMemory;
  refused: Rejection | null;
  seed: number;
}

/** The Hint for a seat, from its own view. */
export interface HintJob {
  type: "hint";
  view: HandView;
  /** The solver's budget of states: beyond it the answer is "too complex", never a wrong one. */
  budget: number;
}

export type Job = DecideJob | HintJob;

export type JobResult<J extends Job> = J extends DecideJob ? BotDecision : HintAnswer;

export function decide(job: DecideJob): BotDecision {
  const { level, view, now, memory, refused, seed } = job;
  return decideBot(level, { view, now, memory, refused, random: mulberry32(seed) });
}

/**
 * The most own cards (hand or shared pile, and staging area) the table can
 * take, from the melds the seat may work on (src/bots/seat.ts), with a plan
 * that starts from the cards already declared.
 */
export function hint({ view, budget }: HintJob): HintAnswer {
  if (!isSeatView(view) || !mayAct(view)) return { kind: "cannot-play" };
  const table = workableMelds(view);
  const result = solveHint({
    rules: RULES,
    table,
    own: placeable(view),
    nextMeldId: NEW_MELD,
    budget,
  });
  if (!result.ok) {
    if (result.error.code === "too-complex") return { kind: "too-complex" };
    // The view only shows valid melds to the solver: anything else is a bug here.
    throw new Error(`the hint solver refused a seat's view: ${result.error.reason}`);
  }
  const { placed, moved, target, plan } = result.hint;
  if (placed.length === 0) return { kind: "none" };
  const before = new Map(table.map((m) => [m.id, m.cards]));
  const changed = (meld: TableMeld) => {
    const cards = before.get(meld.id);
    return (
      !cards || cards.length !== meld.cards.length || meld.cards.some((c) => !cards.includes(c))
    );
  };
  return {
    kind: "placement",
    placed,
    moved,
    melds: target.filter(changed),
    steps: fromStaging(plan, view.you.staging),
    eliminates: goesOutInvalidly(view, plan),
  };
}

export function runJob<J extends Job>(job: J): JobResult<J> {
  return (job.type === "decide" ? decide(job) : hint(job)) as JobResult<J>;
}
