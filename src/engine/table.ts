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

/**
 * The log with every table move starting where its card really is. After an
 * undo that leaves a card where later moves put it (moves given up after
 * ping-pong, see chain.ts), the next move starts from the card's place, and a
 * move that no longer moves it is dropped. Any other log comes back as it was.
 */
export function rerouted(base: readonly Meld[], log: readonly Step[]): Step[] {
  const place = new Map<CardId, MeldId>(base.flatMap((m) => m.cards.map((c) => [c, m.id])));
  return log.flatMap((s) => {
    const at = place.get(s.card);
    place.set(s.card, s.to);
    if (typeof s.from !== "number" || at === undefined || at === s.from) return [s];
    return at === s.to ? [] : [{ ...s, from: at }];
  });
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

function applyToTable(table: Meld[], step: Step): void {
  if (typeof step.from === "number") removeFromMeld(table, step.card, step.from);
  addToMeld(table, step.card, step.to);
}

/** Logs one card reaching a meld and applies it to the live table. */
export function recordStep(
  draft: Draft,
  move: { card: CardId; from: Origin; to: MeldId; seat: Seat; play: PlayId },
): Step {
  const { state } = draft;
  const step: Step = { id: state.nextStepId++, ...move, at: state.now, cause: null };
  state.log.push(step);
  // Putting a card somewhere is doing something; a moved card is no longer the one let go (§6).
  state.players.forEach((player, seat) => {
    if (seat === move.seat || player.letGo === move.card) player.letGo = null;
  });
  applyToTable(state.table, step);
  return step;
}

/** A valid run longer than the rule set allows, cut into parts (§3.1); null for any other meld. */
function partsIfLong(draft: Draft, cards: readonly CardId[]): CardId[][] | null {
  if (cards.length <= draft.rules.maxRunLength) return null;
  const check = checkMeld(draft.rules, cards);
  return check.ok && check.kind === "run" ? splitLongRun(draft.rules, check.ordered) : null;
}

/** The part that keeps the meld's id: most of the earlier cards, ties to the one holding `last`. */
function keptPart(parts: CardId[][], earlier: readonly CardId[], last: CardId | null): number {
  const score = (part: CardId[]) => part.filter((c) => earlier.includes(c)).length;
  let keep = 0;
  parts.forEach((part, i) => {
    const best = parts[keep]!;
    if (
      score(part) > score(best) ||
      (score(part) === score(best) && last !== null && part.includes(last))
    )
      keep = i;
  });
  return keep;
}

/**
 * Moves every part but the kept one to a new meld, as steps caused by `cause`
 * and logged right after it (at its time), so undoing that step undoes the
 * split. Nothing logged after `cause` may touch the meld.
 */
function logSplit(
  draft: Draft,
  meldId: MeldId,
  parts: CardId[][],
  keep: number,
  cause: Step,
): void {
  const { state } = draft;
  const into: MeldId[] = [];
  const steps: Step[] = [];
  parts.forEach((part, i) => {
    if (i === keep) return;
    const to = state.nextMeldId++;
    into.push(to);
    for (const card of part)
      steps.push({
        id: state.nextStepId++,
        card,
        from: meldId,
        to,
        seat: cause.seat,
        play: cause.play,
        at: cause.at,
        cause: cause.id,
      });
  });
  state.log.splice(state.log.indexOf(cause) + 1, 0, ...steps);
  for (const step of steps) applyToTable(state.table, step);
  emit(draft, { type: "split", meld: meldId, into });
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
  const parts = meld && partsIfLong(draft, meld.cards);
  if (parts) logSplit(draft, meldId, parts, keptPart(parts, earlier, cause.card), cause);
}

/**
 * §3.1 after a chain undo: a card sent back to the meld it came from, or a
 * card on trial leaving, can make a valid run too long where others extended
 * it meanwhile. Such a run is split at once, as caused by the last logged
 * step that touched it (the split is logged right after that step, so the
 * log still replays to the table), and undoing that step undoes the split.
 * The part keeping most of the cards the meld showed before the undo keeps
 * its id (ties: the part with that step's card). A run no logged step
 * touches is final: it is split in the base.
 */
export function splitRunsLongAfterUndo(draft: Draft, before: readonly Meld[]): void {
  const { state } = draft;
  for (const { id, cards } of [...state.table]) {
    const parts = partsIfLong(draft, cards);
    if (!parts) continue;
    const earlier = before.find((m) => m.id === id)?.cards ?? [];
    const cause = state.log.findLast((s) => s.to === id || s.from === id);
    if (cause) {
      logSplit(draft, id, parts, keptPart(parts, earlier, cause.card), cause);
      continue;
    }
    const keep = keptPart(parts, earlier, null);
    const into: MeldId[] = [];
    const split = parts.map((part, i) => {
      const meld = { id: i === keep ? id : state.nextMeldId++, cards: [...part].sort(byId) };
      if (i !== keep) into.push(meld.id);
      return meld;
    });
    state.base = [...state.base.filter((m) => m.id !== id), ...split].sort((a, b) => a.id - b.id);
    state.table = replayTable(state.base, state.log);
    emit(draft, { type: "split", meld: id, into });
  }
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
