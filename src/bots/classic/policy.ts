// Classic bots: a pure policy from the seat's own classic view (never the game
// state), its memory (plain data) and the engine's refusal of its last command,
// to the next command it sends, or null when it has nothing to do. Every level
// plays through the step commands (put, move, end), one card at a time, so a
// watcher sees the move happen; a turn without a play is a draw (a pass once the
// stock is empty or the compulsory card is drawn).

import { type CardId } from "@/engine";
import {
  checkCombination,
  type ClassicCommand,
  type ClassicRejection,
  type CombinationId,
  type ClassicView,
} from "@/engine/classic";
import type { BotLevel } from "../policy";
import {
  beforeOpening,
  bestPlacement,
  type ClassicSeatView,
  easyPlacement,
  mediumPlacement,
  type Placement,
} from "./placement";
import { followStep, planSteps, type StepPlan } from "./steps";

export interface ClassicBotMemory {
  /** The play under way: its steps, how many are sent, the ids of the combinations it created. */
  plan: (StepPlan & { sent: number; created: Record<number, CombinationId> }) | null;
  /** A step was refused this turn: the bot reset and no longer plays this turn. */
  gaveUp: boolean;
}

export const NEW_CLASSIC_MEMORY: ClassicBotMemory = { plan: null, gaveUp: false };

export interface ClassicBotInput {
  view: ClassicView;
  memory: ClassicBotMemory;
  /** The engine's refusal of the bot's previous command, or null. */
  refused: ClassicRejection | null;
}

export interface ClassicBotDecision {
  command: ClassicCommand | null;
  memory: ClassicBotMemory;
}

/** An opponent with this few cards may go out any turn: cards held back would score against the bot. */
const THREAT_CARDS = 4;

export function decideClassicBot(level: BotLevel, input: ClassicBotInput): ClassicBotDecision {
  const { view, refused } = input;
  let memory = input.memory;
  const none = (next = memory): ClassicBotDecision => ({ command: null, memory: next });
  if (!view.you) return none();
  const seatView = view as ClassicSeatView;
  const me = view.you.seat;
  if (view.phase === "between")
    return view.pause?.ready[me] ? none() : { command: { do: "ready" }, memory };
  if (view.turn !== me) return none(NEW_CLASSIC_MEMORY);
  const noPlay: ClassicCommand =
    view.drewFirst || view.stockCount === 0 ? { do: "pass" } : { do: "draw" };
  if (refused && memory.plan) {
    // The play does not go as planned (it should not happen): put the table back, then draw.
    memory = { plan: null, gaveUp: true };
    return view.work ? { command: { do: "reset" }, memory } : { command: noPlay, memory };
  }
  if (memory.gaveUp) return { command: view.work ? { do: "reset" } : noPlay, memory };
  if (!memory.plan) {
    if (view.work) return { command: { do: "reset" }, memory };
    const chosen = choose(level, seatView);
    if (!chosen) return { command: noPlay, memory };
    memory = {
      plan: { ...planSteps(view.table, chosen.target), sent: 0, created: {} },
      gaveUp: false,
    };
  }
  const plan = memory.plan!;
  const command = followStep(plan, plan.sent, view);
  if (!command) return { command: { do: "reset" }, memory: { plan: null, gaveUp: true } };
  const done = command.do === "end";
  return {
    command,
    memory: { plan: done ? null : { ...plan, sent: plan.sent + 1 }, gaveUp: false },
  };
}

function choose(level: BotLevel, view: ClassicSeatView): Placement | null {
  if (level === "easy") return easyPlacement(view);
  const medium = mediumPlacement(view);
  if (level === "medium") return medium;
  const best = bestPlacement(view);
  // Beyond the solver (its budget, an Ace rule it does not know), or short of what a glance finds: play as medium.
  if (!best.ok || (medium && medium.placed.length > (best.placement?.placed.length ?? 0)))
    return medium;
  return best.placement && holdBack(view, best.placement);
}

/**
 * The classic tips: "keep a card for the endgame that fits several places – it
 * gets you out". A turn with nothing to play costs a drawn card; a card sure to
 * fit later turns such a turn into a play instead, and playing it now gains
 * nothing that playing it later with the rest would not. So, unless the play
 * goes out (or an opponent is close to going out, when every card held scores
 * against the bot), the hard bot keeps back single cards that fit two places or
 * more once the rest is played, as long as something is still played this turn.
 * (Keeping back whole combinations of its own cards too looked worse over 40
 * seeded rounds: 67.5% wins against 75%, within the noise but not worth it.)
 */
export function holdBack(view: ClassicSeatView, placement: Placement): Placement {
  const { hand } = view.you;
  if (placement.placed.length === hand.length || beforeOpening(view)) return placement;
  if (view.seats.some((s) => s.seat !== view.you.seat && s.handCount <= THREAT_CARDS))
    return placement;
  const ace = view.options.ace;
  const mine = new Set(hand);
  let target = placement.target.map((c) => [...c]);
  const placedCount = () => target.flat().filter((c) => mine.has(c)).length;
  // Single cards whose combination stands without them and that fit two places after.
  for (const card of placement.placed) {
    if (placedCount() <= 1) break;
    const at = target.findIndex((c) => c.includes(card));
    if (at < 0) continue;
    const rest = target[at]!.filter((c) => c !== card);
    if (!checkCombination(rest, ace).ok) continue;
    const without = target.map((c, i) => (i === at ? rest : c));
    if (fits(card, without, ace) >= 2) target = without;
  }
  const onTable = new Set(target.flat());
  return { placed: hand.filter((c) => onTable.has(c)), target };
}

function fits(
  card: CardId,
  table: readonly CardId[][],
  ace: ClassicView["options"]["ace"],
): number {
  return table.filter((c) => checkCombination([...c, card], ace).ok).length;
}
