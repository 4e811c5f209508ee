// The table as data: melds hold their cards in canonical (numeric) order, so
// the live table and a replay of base + log always produce identical arrays.

import type { CardId } from "./cards";
import { emit, type Draft } from "./draft";
import { checkMeld, isValidMeld, splitLongRun } from "./melds";
import type { Meld, MeldId, Origin, PlayId, Seat, Step } from "./state";

const byId = (a: number, b: number) => a - b;

/** Builds the table from the final base and the logged steps, in order. */
export function replayTable(base: readonly Meld[], log: readonly Step[]): Meld[] {
  const melds = new Map<MeldId, Set<CardId>>(base.map((m) => [m.id, new Set(m.cards)]));
  for (const step of log) {
    if (typeof step.from === "number") melds.get(step.from)?.delete(step.card);
    let target = melds.get(step.to);
    if (!target) melds.set(step.to, (target = new Set()));
    target.add(step.card);
  }
  return [...melds]
    .filter(([, cards]) => cards.size > 0)
    .sort(([a], [b]) => a - b)
    .map(([id, cards]) => ({ id, cards: [...cards].sort(byId) }));
}

function removeFromMeld(table: Meld[], card: CardId, id: MeldId): void {
  const index = table.findIndex((m) => m.id === id);
  const meld = table[index];
  if (!meld) return;
  meld.cards = meld.cards.filter((c) => c !== card);
  if (meld.cards.length === 0) table.splice(index, 1);
}

function addToMeld(table: Meld[], card: CardId, id: MeldId): void {
  const meld = table.find((m) => m.id === id);
  if (meld) {
    meld.cards = [...meld.cards, card].sort(byId);
    return;
  }
  const at = table.findIndex((m) => m.id > id);
  table.splice(at < 0 ? table.length : at, 0, { id, cards: [card] });
}

/** Logs one card reaching a meld and applies it to the live table. */
export function recordStep(
  draft: Draft,
  move: { card: CardId; from: Origin; to: MeldId; seat: Seat; play: PlayId },
  cause: number | null = null,
): Step {
  const { state } = draft;
  const step: Step = { id: state.nextStepId++, ...move, at: state.now, cause };
  state.log.push(step);
  if (typeof move.from === "number") removeFromMeld(state.table, move.card, move.from);
  addToMeld(state.table, move.card, move.to);
  return step;
}

/**
 * §3.1: a valid run longer than the rule set allows is split at once. The part
 * keeping most of the meld's earlier cards keeps its id (ties: the part with
 * the card moved last); the others move to new melds, as steps caused by the
 * step that made the run too long, so undoing that step undoes the split.
 */
export function splitIfLong(
  draft: Draft,
  meldId: MeldId,
  earlier: readonly CardId[],
  cause: Step,
): void {
  const meld = draft.state.table.find((m) => m.id === meldId);
  if (!meld || meld.cards.length <= draft.rules.maxRunLength) return;
  const check = checkMeld(draft.rules, meld.cards);
  if (!check.ok || check.kind !== "run") return;
  const parts = splitLongRun(draft.rules, check.ordered);
  const score = (part: CardId[]) => part.filter((c) => earlier.includes(c)).length;
  let keep = 0;
  parts.forEach((part, i) => {
    const best = parts[keep]!;
    if (score(part) > score(best) || (score(part) === score(best) && part.includes(cause.card)))
      keep = i;
  });
  const into: MeldId[] = [];
  parts.forEach((part, i) => {
    if (i === keep) return;
    const id = draft.state.nextMeldId++;
    into.push(id);
    for (const card of part)
      recordStep(
        draft,
        { card, from: meldId, to: id, seat: cause.seat, play: cause.play },
        cause.id,
      );
  });
  emit(draft, { type: "split", meld: meldId, into });
}

/** Whether a meld's cards are in order; an empty meld has left the table and is fine. */
export function inOrder(draft: Draft, cards: readonly CardId[]): boolean {
  return cards.length === 0 || isValidMeld(draft.rules, cards);
}

/** Melds a step touches: the one it left (if any) and the one it reached. */
export function meldsOfStep(step: Step): MeldId[] {
  return typeof step.from === "number" ? [step.from, step.to] : [step.to];
}

export function isOwnCard(step: Step): boolean {
  return step.from === "hand" || step.from === "staging";
}
