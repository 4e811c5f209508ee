// Valid melds (§3) as a pluggable rule set: Machiavelox runs wrap through the Ace,
// classic Machiavelli's do not (Ace low or high, no corner). Nothing else in the
// engine knows what makes a meld valid.

import { type CardId, cardName, copyOf, rankOf, suitOf, SUITS } from "./cards";

export type MeldKind = "run" | "set";

export type MeldCheck =
  | { ok: true; kind: MeldKind; /** the cards in reading order */ ordered: CardId[] }
  | { ok: false; reason: string };

export type RuleSetId = "machiavelox" | "classic";

export interface MeldRules {
  readonly id: RuleSetId;
  /** Whether a run may continue from the King through the Ace to the 2. */
  readonly wrapsThroughAce: boolean;
  /** Longest run kept as one meld: a longer valid run is split at once (§3.1). */
  readonly maxRunLength: number;
}

export const MACHIAVELOX_MELDS: MeldRules = {
  id: "machiavelox",
  wrapsThroughAce: true,
  maxRunLength: 10,
};
export const CLASSIC_MELDS: MeldRules = {
  id: "classic",
  wrapsThroughAce: false,
  maxRunLength: Number.POSITIVE_INFINITY,
};

export function meldRulesFor(id: RuleSetId): MeldRules {
  return id === "classic" ? CLASSIC_MELDS : MACHIAVELOX_MELDS;
}

export const MIN_MELD = 3;
const MAX_SET = SUITS.length;

export function checkMeld(rules: MeldRules, cards: readonly CardId[]): MeldCheck {
  if (cards.length < MIN_MELD) {
    return {
      ok: false,
      reason: `a meld needs at least ${MIN_MELD} cards, this has ${cards.length}`,
    };
  }
  const first = cards[0]!;
  if (cards.every((c) => rankOf(c) === rankOf(first))) return checkSet(cards);
  if (cards.every((c) => suitOf(c) === suitOf(first))) return checkRun(rules, cards);
  return { ok: false, reason: `${names(cards)} is neither a run (one suit) nor a set (one value)` };
}

/** checkMeld's verdict without its reason or order: the engine's and the bots' hot path. */
export function isValidMeld(rules: MeldRules, cards: readonly CardId[]): boolean {
  if (cards.length < MIN_MELD) return false;
  const first = cards[0]!;
  if (cards.every((c) => rankOf(c) === rankOf(first)))
    return cards.length <= MAX_SET && new Set(cards.map(suitOf)).size === cards.length;
  return cards.every((c) => suitOf(c) === suitOf(first)) && runStart(rules, cards) !== null;
}

/**
 * Whether the cards could still become a valid meld by adding more cards: a
 * table card moved where this is false can never fit and drops back (§6).
 */
export function couldBecomeMeld(rules: MeldRules, cards: readonly CardId[]): boolean {
  const first = cards[0];
  if (first === undefined) return true;
  if (cards.every((c) => rankOf(c) === rankOf(first)))
    return new Set(cards.map(suitOf)).size === cards.length;
  if (!cards.every((c) => suitOf(c) === suitOf(first))) return false;
  // Under the Ace's bridge any ranks of one suit lie on some long run; without
  // it, a run holds each rank once.
  return rules.wrapsThroughAce || new Set(cards.map(rankOf)).size === cards.length;
}

function checkSet(cards: readonly CardId[]): MeldCheck {
  if (cards.length > MAX_SET) {
    return { ok: false, reason: `a set has at most ${MAX_SET} cards, this has ${cards.length}` };
  }
  const seen = new Set<string>();
  for (const card of cards) {
    const suit = suitOf(card);
    if (seen.has(suit)) {
      return { ok: false, reason: `a set needs different suits: ${cardName(card)} appears twice` };
    }
    seen.add(suit);
  }
  const ordered = [...cards].sort((a, b) => SUITS.indexOf(suitOf(a)) - SUITS.indexOf(suitOf(b)));
  return { ok: true, kind: "set", ordered };
}

/** Where one suit's cards start as a run (0 = Ace), or null when they are not one. */
function runStart(rules: MeldRules, cards: readonly CardId[]): number | null {
  const counts: number[] = new Array(13).fill(0);
  for (const card of cards) counts[rankOf(card) - 1]!++;
  return rules.wrapsThroughAce
    ? wrappingRunStart(counts, cards.length)
    : straightRunStart(counts, cards.length);
}

function checkRun(rules: MeldRules, cards: readonly CardId[]): MeldCheck {
  const start = runStart(rules, cards);
  if (start === null) {
    const ranks = new Set(cards.map(rankOf));
    const corner = !rules.wrapsThroughAce && ranks.has(1) && ranks.has(2) && ranks.has(13);
    return {
      ok: false,
      reason: corner
        ? `${names(cards)}: a run cannot turn the corner from King to 2`
        : `${names(cards)} are not consecutive`,
    };
  }
  // Each rank's cards, the first deck's copy first, read from the run's first rank on.
  // Built by a loop: V8's Array.from({ length }) costs 10–15 times as much, on
  // every run checked.
  const byRank: CardId[][] = [];
  for (let r = 0; r < 13; r++) byRank.push([]);
  for (const card of cards) {
    const same = byRank[rankOf(card) - 1]!;
    if (same.length > 0 && copyOf(card) < copyOf(same[0]!)) same.unshift(card);
    else same.push(card);
  }
  const taken: number[] = new Array<number>(13).fill(0);
  const ordered: CardId[] = [];
  for (let i = 0; i < cards.length; i++) {
    const r = (start + i) % 13;
    ordered.push(byRank[r]![taken[r]!++]!);
  }
  return { ok: true, kind: "run", ordered };
}

/**
 * A run that may wrap is n consecutive ranks on the 13-rank circle: every rank
 * appears ⌊n/13⌋ or ⌊n/13⌋+1 times, and the more frequent ranks form one arc.
 * Returns the index (0 = Ace) of the run's first rank, or null.
 */
function wrappingRunStart(counts: readonly number[], n: number): number | null {
  const base = Math.floor(n / 13);
  const high = base + 1;
  let start: number | null = null;
  for (let r = 0; r < 13; r++) {
    const count = counts[r]!;
    if (count !== base && count !== high) return null;
    if (count === high && counts[(r + 12) % 13] !== high) {
      if (start !== null) return null; // two arcs
      start = r;
    }
  }
  // No arc: a full circle, every rank as often, has no natural start; read it from the Ace.
  return start ?? 0;
}

/** Without the corner: distinct ranks in A..K, or in 2..K-A with the Ace high. */
function straightRunStart(counts: readonly number[], n: number): number | null {
  if (n > 13 || counts.some((count) => count > 1)) return null;
  let low = 0;
  while (low < 13 && counts[low] === 0) low++;
  let end = low;
  while (end < 13 && counts[end] === 1) end++;
  // Every card in one stretch from the lowest rank up.
  if (end - low === n) return low;
  // Ace high: the run ends with the Ace after the King.
  const highStart = 13 - (n - 1);
  if (counts[0] !== 1) return null;
  for (let r = highStart; r < 13; r++) if (counts[r] !== 1) return null;
  return highStart;
}

/**
 * Splits a valid run longer than the rule set allows into runs as equal as
 * possible (§3.1): the lower half takes ⌊n/2⌋ cards. Runs too long even after
 * one split are split again. Shorter runs come back whole.
 */
export function splitLongRun(rules: MeldRules, ordered: readonly CardId[]): CardId[][] {
  if (ordered.length <= rules.maxRunLength) return [[...ordered]];
  const half = Math.floor(ordered.length / 2);
  return [
    ...splitLongRun(rules, ordered.slice(0, half)),
    ...splitLongRun(rules, ordered.slice(half)),
  ];
}

function names(cards: readonly CardId[]): string {
  return cards.map(cardName).join(" ");
}

/** Three-card melds among the cards: sets of one value in different suits, runs of one suit. */
export function meldsAmong(cards: readonly CardId[]): CardId[][] {
  const found: CardId[][] = [];
  const byRank = new Map<number, Map<string, CardId>>();
  const bySuit = new Map<string, Map<number, CardId>>();
  for (const card of cards) {
    const [rank, suit] = [rankOf(card), suitOf(card)];
    if (!byRank.has(rank)) byRank.set(rank, new Map());
    if (!byRank.get(rank)!.has(suit)) byRank.get(rank)!.set(suit, card);
    if (!bySuit.has(suit)) bySuit.set(suit, new Map());
    if (!bySuit.get(suit)!.has(rank)) bySuit.get(suit)!.set(rank, card);
  }
  for (const suits of byRank.values()) if (suits.size >= 3) found.push([...suits.values()]);
  // The Ace bridges the King and the 2 (§3.1).
  const next = (rank: number) => (rank % 13) + 1;
  for (const ranks of bySuit.values())
    for (const [rank, card] of ranks) {
      const second = ranks.get(next(rank));
      const third = ranks.get(next(next(rank)));
      if (second !== undefined && third !== undefined) found.push([card, second, third]);
    }
  return found;
}
