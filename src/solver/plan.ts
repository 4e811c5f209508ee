// From the target arrangement to commands the engine accepts (the scenario
// format's vocabulary): a direct play when no table card moves, otherwise
// declare everything, move one card at a time, then place. The engine ends
// each play itself once it is back in order, so a plan never says `end`.

import { type CardId, checkMeld, couldBecomeMeld, isValidMeld, type MeldRules } from "@/engine";

export type MeldId = number;

export type PlanAction =
  | { do: "stage"; card: CardId }
  | { do: "lay"; cards: CardId[] }
  | { do: "add"; card: CardId; meld: MeldId }
  | { do: "move"; card: CardId; from: MeldId; to: MeldId | "new" }
  | { do: "place"; card: CardId; to: MeldId };

export interface TableMeld {
  id: MeldId;
  cards: CardId[];
}

export interface PlanInput {
  rules: MeldRules;
  table: readonly TableMeld[];
  /** target melds in reading order */
  target: readonly CardId[][];
  /** for each target meld, the index in `table` of the meld it continues, or -1 */
  match: readonly number[];
  own: ReadonlySet<CardId>;
  nextMeldId: MeldId;
}

/** The id the next new meld gets when the caller names none: the largest on the table + 1. */
export function defaultNextMeldId(table: readonly TableMeld[]): MeldId {
  return Math.max(0, ...table.map((m) => m.id)) + 1;
}

export interface Plan {
  actions: PlanAction[];
  /** the target melds with the ids they have once the plan has run */
  target: TableMeld[];
}

export function buildPlan(input: PlanInput): Plan {
  const { table, target, match, own } = input;
  if (own.size === 0) return { actions: [], target: table.map((m) => ({ ...m })) };
  let nextId = input.nextMeldId;
  const ids: (MeldId | undefined)[] = match.map((m) => (m >= 0 ? table[m]!.id : undefined));
  const homeOf = new Map<CardId, MeldId>();
  for (const meld of table) for (const c of meld.cards) homeOf.set(c, meld.id);
  const moves: { card: CardId; from: MeldId; t: number }[] = [];
  target.forEach((cards, t) => {
    for (const card of cards) {
      const home = homeOf.get(card);
      if (home !== undefined && home !== ids[t]) moves.push({ card, from: home, t });
    }
  });
  const actions: PlanAction[] = [];
  const ownOf = (t: number) => target[t]!.filter((c) => own.has(c));
  const onlyOwn = (t: number) => ids[t] === undefined && target[t]!.every((c) => own.has(c));
  const lay = (t: number, staged: boolean) => {
    if (!staged) for (const card of target[t]!) actions.push({ do: "stage", card });
    actions.push({ do: "lay", cards: [...target[t]!] });
    ids[t] = nextId++;
  };
  if (moves.length === 0) {
    // A direct play (§5.1, §5.2): adds first, while the staging area is empty.
    target.forEach((cards, t) => {
      const meld = ids[t];
      if (meld === undefined) return;
      for (const card of addOrder(input.rules, cards, own)) actions.push({ do: "add", card, meld });
    });
    target.forEach((_, t) => {
      if (onlyOwn(t)) lay(t, false);
    });
  } else {
    // A play with moves (§5.3): declare, move, place.
    for (const card of own) actions.push({ do: "stage", card });
    const current = new Map(table.map((m) => [m.id, [...m.cards]]));
    const apply = (card: CardId, from: MeldId, to: MeldId | "new"): MeldId => {
      const id = to === "new" ? nextId++ : to;
      actions.push({ do: "move", card, from, to });
      current.set(
        from,
        current.get(from)!.filter((c) => c !== card),
      );
      current.set(id, [...(current.get(id) ?? []), card]);
      return id;
    };
    const fits = (card: CardId, to: MeldId) => {
      const cards = [...current.get(to)!, card];
      return couldBecomeMeld(input.rules, cards) && !tooLongRun(input.rules, cards);
    };
    // Each card goes straight to its meld once that meld can take it; when no
    // move can go (melds waiting on each other), one card waits in a meld of its own.
    const pending = [...moves];
    let detours = 0;
    while (pending.length > 0) {
      const at = pending.findIndex((m) => ids[m.t] === undefined || fits(m.card, ids[m.t]!));
      if (at >= 0) {
        const [m] = pending.splice(at, 1) as [(typeof moves)[number]];
        ids[m.t] = apply(m.card, m.from, ids[m.t] ?? "new");
      } else {
        if (++detours > moves.length) throw new Error("internal: the moves cannot be ordered");
        // Free a blocked meld: take out a card that has to leave it.
        const m = pending.find((b) => pending.some((p) => ids[p.t] === b.from)) ?? pending[0]!;
        m.from = apply(m.card, m.from, "new");
      }
    }
    target.forEach((cards, t) => {
      if (onlyOwn(t)) return;
      for (const card of ownOf(t)) actions.push({ do: "place", card, to: ids[t]! });
    });
    target.forEach((_, t) => {
      if (onlyOwn(t)) lay(t, true);
    });
  }
  // No `end`: the engine ends a play by itself once the staging area is empty
  // and every meld it touched is valid, which the last action brings about.
  return { actions, target: target.map((cards, t) => ({ id: ids[t]!, cards: [...cards] })) };
}

/** A valid run longer than the rule set allows, which the engine would split at once. */
export function tooLongRun(rules: MeldRules, cards: readonly CardId[]): boolean {
  if (cards.length <= rules.maxRunLength) return false;
  const check = checkMeld(rules, cards);
  return check.ok && check.kind === "run";
}

/**
 * Own cards of a meld in an order that keeps it valid after every add. Each
 * step takes the first own card the meld can take now: a run grows outwards
 * from its table cards (in classic an Ace-high run grows past the King into
 * the low ranks, so reading order alone would not do), a set in any order.
 */
function addOrder(rules: MeldRules, cards: readonly CardId[], own: ReadonlySet<CardId>): CardId[] {
  const current = cards.filter((c) => !own.has(c));
  const left = cards.filter((c) => own.has(c));
  const order: CardId[] = [];
  while (left.length > 0) {
    const at = left.findIndex((c) => isValidMeld(rules, [...current, c]));
    if (at < 0) throw new Error("internal: the adds cannot be ordered");
    const [card] = left.splice(at, 1) as [CardId];
    current.push(card);
    order.push(card);
  }
  return order;
}

/** Why the solver gives no answer: bad input, or a search past its budget. */
export type HintErrorCode =
  "bad-card" | "duplicate-card" | "bad-meld-id" | "invalid-meld" | "too-complex";
