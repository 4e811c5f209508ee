// What bots and the Hint compute, as plain data in and out, so it can run in a
// worker thread (pool.ts) as well as in process: a bot's decision (src/bots) and
// the best placement for a seat's own cards (src/solver; classic's through
// src/bots/classic). Each sees one seat's view only, never the game's state.

import {
  type BotDecision,
  type BotLevel,
  type BotMemory,
  decideBot,
  goesOutInvalidly,
} from "@/bots/policy";
import { classicHint } from "@/bots/classic/hint";
import { fromStaging, NEW_MELD } from "@/bots/plan";
import { isSeatView, mayAct, placeable, RULES, type TableMeld, workableMelds } from "@/bots/seat";
import { type Rejection, mulberry32, type Millis, type HandView } from "@/engine";
import type { ClassicView } from "@/engine/classic";
import { solveHint } from "@/solver";
import type { ClassicHintAnswer, HintAnswer } from "@/protocol/hint";

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

/** Classic's Hint for a seat, from its own view (the solver's limits are the hard bot's). */
export interface ClassicHintJob {
  type: "classic-hint";
  view: ClassicView;
}

export type Job = DecideJob | HintJob | ClassicHintJob;

export type JobResult<J extends Job> = J extends DecideJob
  ? BotDecision
  : J extends HintJob
    ? HintAnswer
    : ClassicHintAnswer;

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

export function classicHintAnswer({ view }: ClassicHintJob): ClassicHintAnswer {
  const result = classicHint(view);
  if (!result.ok)
    return { kind: result.error.code === "not-now" ? "cannot-play" : result.error.code };
  const { placed, moved, plan } = result.hint;
  return placed.length === 0 ? { kind: "none" } : { kind: "placement", placed, moved, plan };
}

export function runJob<J extends Job>(job: J): JobResult<J> {
  const result =
    job.type === "decide" ? decide(job) : job.type === "hint" ? hint(job) : classicHintAnswer(job);
  return result as JobResult<J>;
}
