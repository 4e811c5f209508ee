// A bot is a pure policy: from its seat's view only (never the hand state),
// the time, its own memory (plain data) and a seeded random source, it says
// which command to send and when (after its reaction delay), or that it waits.
// The live server and the headless tournament drive the same policy; every
// action is an ordinary engine command, and a refusal is simply seen on the
// next decision and adapted to.

import {
  type CardId,
  type Command,
  type Rejection,
  type Random,
  type Millis,
  type HandView,
} from "@/engine";
import type { PlanAction } from "../solver";
import { greedyPlan, type Greed } from "./greedy";
import type { BotLevel } from "./levels";
import { holdBack, solve, worthStopping } from "./hard";
import { continuePlan, fromStaging, type RunningPlan, startPlan } from "./plan";
import {
  inOwnFreeze,
  isSeatView,
  mayAct,
  placeable,
  type SeatView,
  type TableMeld,
  workableMelds,
  workOnTable,
} from "./seat";

export { BOT_LEVELS, type BotLevel, isBotLevel } from "./levels";

/** Reaction time per command, uniform in [min, max) ms: a human pace, slower for weaker bots. */
export const REACTION_MS: Record<BotLevel, { min: Millis; max: Millis }> = {
  easy: { min: 3_000, max: 6_000 },
  medium: { min: 1_500, max: 3_000 },
  hard: { min: 800, max: 1_500 },
};

/**
 * A plan longer than this many commands could outlast a play's 40 s at the
 * hard bot's slowest pace (§5): outside a freeze it plays greedily instead.
 */
const MAX_PLAN_COMMANDS = 25;

export interface BotMemory {
  /** The plan being carried out, step by step. */
  plan: RunningPlan | null;
  /** The position (own cards and workable table) last found to offer nothing: no need to look again. */
  idle: string | null;
}

export const NEW_MEMORY: BotMemory = { plan: null, idle: null };

export interface BotInput {
  /** The bot's own seat's view. */
  view: HandView;
  now: Millis;
  memory: BotMemory;
  random: Random;
  /** The engine's refusal of the bot's previous command, or null when it was accepted (or none was sent). */
  refused: Rejection | null;
}

export type BotAction =
  | { kind: "act"; command: Command; at: Millis }
  /** Decide again at `until`, or (null) when the view next changes. */
  | { kind: "wait"; until: Millis | null };

export interface BotDecision {
  action: BotAction;
  memory: BotMemory;
}

/**
 * What a level chose: a plan to carry out, one command, or nothing for now;
 * `nothingHere` when its search found no play in this position.
 */
type Choice = ({ steps: PlanAction[] } | { command: Command } | { wait: Millis | null }) & {
  nothingHere?: boolean;
};

export function decideBot(level: BotLevel, input: BotInput): BotDecision {
  const { view, memory, now, random } = input;
  const wait = (until: Millis | null, next = memory): BotDecision => ({
    action: { kind: "wait", until },
    memory: next,
  });
  // Frozen, waiting out a tie-break, or out of the hand: nothing to do until the view changes.
  if (!isSeatView(view) || !mayAct(view)) return wait(null);
  const act = (command: Command, next: BotMemory): BotDecision => {
    const { min, max } = REACTION_MS[level];
    return {
      action: { kind: "act", command, at: now + min + Math.floor(random() * (max - min)) },
      memory: next,
    };
  };

  if (memory.plan) {
    const progress = continuePlan(view, memory.plan, input.refused !== null);
    if (progress.kind === "next") return act(progress.command, { ...memory, plan: progress.plan });
    const rest = { ...memory, plan: null };
    // The table moved under work already on it: take the play back and look again.
    if (progress.kind === "diverged" && workOnTable(view)) return act({ do: "cancel" }, rest);
    return decideBot(level, { ...input, memory: rest, refused: null });
  }
  // Work left on the table without a plan (the engine did not find it in order): let it be judged.
  if (workOnTable(view)) return act(inOwnFreeze(view) ? { do: "cancel" } : { do: "end" }, memory);

  const key = positionKey(view);
  const choice =
    level === "hard"
      ? chooseHard(view, random, memory.idle === key)
      : chooseGreedy(view, GREED[level]);
  const next = { ...memory, idle: choice.nothingHere ? key : null };
  if (!("steps" in choice) && view.you.staging.length > 0)
    // Declared cards with nowhere to go: take them back (§5.3).
    return act({ do: "cancel" }, next);
  if ("command" in choice) return act(choice.command, next);
  if ("wait" in choice) return wait(choice.wait, next);
  const steps = fromStaging(choice.steps, view.you.staging);
  const progress = continuePlan(view, startPlan(view, steps), false);
  // A plan whose first step the view already rules out: nothing to do here after all.
  if (progress.kind !== "next") return wait(null, { ...next, idle: key });
  return act(progress.command, { ...next, plan: progress.plan });
}

const GREED: Record<Exclude<BotLevel, "hard">, Greed> = {
  easy: { longest: false, borrow: false },
  medium: { longest: true, borrow: true },
};

function mayDraw(view: SeatView): boolean {
  return view.you.stockCount > 0 && view.you.staging.length === 0 && !view.tiebreak;
}

/** Nothing to play: draw while the stock lasts (never with cards declared, §5.3), else wait for a change. */
function idleChoice(view: SeatView): Choice {
  return { ...(mayDraw(view) ? { command: { do: "draw" } } : { wait: null }), nothingHere: true };
}

/** Easy and medium: the first play they see, else draw. */
function chooseGreedy(view: SeatView, greed: Greed): Choice {
  const steps = greedyPlan(placeable(view), workableMelds(view), greed);
  return steps && !goesOutInvalidly(view, steps) ? { steps } : idleChoice(view);
}

/**
 * The hard bot: the solver's best placement. A going out is held back while
 * drawing first is worth more (§12), and made under «Stop!» when opponents
 * could get in its way (§9). In its own freeze it goes out, or — the table
 * changed before the freeze began — gives up at once: the penalty is the same
 * and the others are not kept waiting.
 */
function chooseHard(view: SeatView, random: Random, knownIdle: boolean): Choice {
  const own = placeable(view);
  const melds = workableMelds(view);
  if (knownIdle && !inOwnFreeze(view)) return idleChoice(view);
  const solved = solve(melds, own);
  if (!solved.ok) return chooseGreedy(view, GREED.medium);
  const { hint, after } = solved;
  const goingOut = !view.tiebreak && hint.placed.length === own.length;
  if (inOwnFreeze(view)) {
    // Wounds left by the opponents' suspended plays (§9) are not mended by this bot.
    const wounded = view.table.some((m) => !m.valid);
    return goingOut && !wounded && !goesOutInvalidly(view, hint.plan)
      ? { steps: hint.plan }
      : { command: { do: "giveup" } };
  }
  if (hint.placed.length === 0) return idleChoice(view);
  if (goingOut) {
    if (goesOutInvalidly(view, hint.plan)) return withoutOneCard(view, melds, own, random);
    if (holdBack(view, after)) return { command: { do: "draw" } };
    if (worthStopping(view, hint.plan)) return { command: { do: "stop" } };
  }
  if (hint.plan.length > MAX_PLAN_COMMANDS) return chooseGreedy(view, GREED.medium);
  return { steps: hint.plan };
}

/**
 * §8: emptying the hand without ever having laid a meld of one's own is an
 * invalid going out (−15). Keep one card back, chosen at random, and place
 * the best of the rest.
 */
function withoutOneCard(
  view: SeatView,
  melds: readonly TableMeld[],
  own: readonly CardId[],
  random: Random,
): Choice {
  const kept = own[Math.floor(random() * own.length)]!;
  const solved = solve(
    melds,
    own.filter((c) => c !== kept),
  );
  if (!solved.ok || solved.hint.placed.length === 0 || solved.hint.plan.length > MAX_PLAN_COMMANDS)
    return idleChoice(view);
  return { steps: solved.hint.plan };
}

/** The plan would empty hand and staging area (§8) with no meld of the seat's own laid, ever or in it. */
export function goesOutInvalidly(view: SeatView, steps: readonly PlanAction[]): boolean {
  if (view.tiebreak || view.you.achieved.laidMeld || steps.some((s) => s.do === "lay"))
    return false;
  const placed = steps.filter((s) => s.do === "add" || s.do === "place").length;
  return placed === view.you.hand.length + view.you.staging.length;
}

/** Own cards, staging area and the workable table, as one comparable string. */
function positionKey(view: SeatView): string {
  const sorted = (list: readonly number[]) => [...list].sort((a, b) => a - b).join(",");
  return [
    sorted(placeable(view)),
    ...workableMelds(view).map((m) => `${m.id}:${sorted(m.cards)}`),
  ].join("|");
}
