// From the table as it stands to a target table, one card at a time with the
// step commands a player sends (put a hand card, move a table card), so a
// watcher sees the move happen; then `end`. Classic is turn-based: nobody else
// touches the table during the mover's turn, so a plan never has to adapt to
// others, only to a refusal.

import { type CardId } from "@/engine";
import { withIds, type ClassicCommand, type CombinationId } from "@/engine/classic";

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
 * The whole plan as commands, for a caller that knows the id the next new
 * combination gets (the server's state does: `nextCombinationId`).
 */
export function planCommands(
  plan: StepPlan,
  hand: readonly CardId[],
  nextCombinationId: CombinationId,
): ClassicCommand[] {
  const ids = new Map<number, CombinationId>();
  let next = nextCombinationId;
  const commands: ClassicCommand[] = [];
  for (let i = 0; i <= plan.steps.length; i++) {
    const command = stepCommand(
      plan,
      i,
      (c) => hand.includes(c),
      (to) => ids.get(to) ?? null,
    )!;
    if ((command.do === "put" || command.do === "move") && command.to === "new")
      ids.set(plan.steps[i]!.to, next++);
    commands.push(command);
  }
  return commands;
}
