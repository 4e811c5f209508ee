// From the table as it stands to a target table, one card at a time with the
// step commands a player sends (put a hand card, move a table card), so a
// watcher sees the move happen; then `end`. Classic is turn-based: nobody else
// touches the table during the mover's turn, so a plan never has to adapt to
// others, only to a refusal.

import { type CardId } from "@/engine";
import {
  withIds,
  type ClassicCommand,
  type ClassicView,
  type CombinationId,
} from "@/engine/classic";

/** One card to its target combination (an index into the target table). */
export interface Step {
  card: CardId;
  to: number;
}

export interface StepPlan {
  target: CardId[][];
  /** Per target combination: the table combination it continues, or null when it is new. */
  continues: (CombinationId | null)[];
  steps: Step[];
}

/**
 * The steps from `table` to `target`: each target combination continues the table
 * combination sharing most of its cards (the engine's own rule for ids), whose
 * shared cards never move, so it never empties; a new one starts with its first card.
 */
export function planSteps(
  table: readonly { id: CombinationId; cards: readonly CardId[] }[],
  target: readonly CardId[][],
): StepPlan {
  const next = Math.max(0, ...table.map((c) => c.id)) + 1;
  const old = table.map((c) => ({ id: c.id, cards: [...c.cards] }));
  const { table: named } = withIds(old, target as CardId[][], next);
  const continues = target.map((cards) => {
    const id = named.find((c) => c.cards.includes(cards[0]!))!.id;
    return id < next ? id : null;
  });
  const home = new Map<CardId, CombinationId>();
  for (const c of table) for (const card of c.cards) home.set(card, c.id);
  const steps: Step[] = [];
  target.forEach((cards, to) => {
    for (const card of cards)
      if (continues[to] === null || home.get(card) !== continues[to]) steps.push({ card, to });
  });
  return { target: target.map((c) => [...c]), continues, steps };
}

/**
 * The command for step `index`, where `created` gives the ids of the new
 * combinations made so far (by target index); null when a new combination's id
 * is not known yet (it cannot be: steps start each new combination first).
 */
export function stepCommand(
  plan: StepPlan,
  index: number,
  inHand: (card: CardId) => boolean,
  created: (to: number) => CombinationId | null,
): ClassicCommand | null {
  const step = plan.steps[index];
  if (!step) return { do: "end" };
  const first = plan.steps.findIndex((s) => s.to === step.to);
  const to = plan.continues[step.to] ?? (first === index ? ("new" as const) : created(step.to));
  if (to === null) return null;
  return { do: inHand(step.card) ? "put" : "move", card: step.card, to };
}

/**
 * The command for step `index` of a plan being played on the table `view`
 * shows: a new target combination is the one now holding its first card, and
 * face-up cards (Tahiti) are put like hand cards. Null when the table no longer
 * holds what the plan made so far.
 */
export function followStep(
  plan: StepPlan,
  index: number,
  view: ClassicView,
): ClassicCommand | null {
  const created = (to: number): CombinationId | null => {
    const first = plan.steps.find((s) => s.to === to)!.card;
    return view.table.find((c) => c.cards.includes(first))?.id ?? null;
  };
  const own = new Set([...(view.you?.hand ?? []), ...view.faceUp]);
  return stepCommand(plan, index, (c) => own.has(c), created);
}
