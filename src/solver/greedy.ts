// A fast arrangement to start from (docs/solver.md, "incumbent"): keep every
// original meld, add own cards where they fit, make melds of own cards, then
// repair greedily by taking spare table cards (a run's end, a card of a set of
// four, one side of a split run) for the own cards still in hand. Not optimal
// in general: the exact programme (dp.ts) either proves it is or beats it.

import { type CardId, rankOf, suitIndex } from "../engine/cards";
import { checkMeld, isValidMeld, type MeldRules } from "../engine/melds";
import { concatenated } from "./arrays";
import { keptCards, matchMelds } from "./matching";

export interface Arrangement {
  melds: CardId[][];
  placed: number;
  kept: number;
}

interface Meld {
  cards: CardId[];
  /** the original meld it still is (grown by own cards, never lost a table card), or -1 */
  origin: number;
}

export function greedyArrangement(
  rules: MeldRules,
  original: readonly (readonly CardId[])[],
  own: readonly CardId[],
): Arrangement {
  const tableCards = new Set(concatenated(original));
  const attempts = [true, false].map((extendFirst) =>
    score(original, build(rules, original, tableCards, own, extendFirst), own),
  );
  return attempts.reduce((a, b) =>
    b.placed > a.placed || (b.placed === a.placed && b.kept > a.kept) ? b : a,
  );
}

/** An arrangement's own cards placed and table cards kept under the best matching. */
export function score(
  original: readonly (readonly CardId[])[],
  melds: CardId[][],
  own: readonly CardId[],
): Arrangement {
  const ownSet = new Set(own);
  const placed = countIn(concatenated(melds), ownSet);
  return { melds, placed, kept: keptCards(original, melds, matchMelds(original, melds)) };
}

function build(
  rules: MeldRules,
  original: readonly (readonly CardId[])[],
  tableCards: ReadonlySet<CardId>,
  own: readonly CardId[],
  extendFirst: boolean,
): CardId[][] {
  const melds: Meld[] = original.map((cards, origin) => ({ cards: [...cards], origin }));
  const pool = new Set(own);
  const valid = (cards: readonly CardId[]) => isMeld(rules, cards);

  const extend = () => {
    for (let changed = true; changed;) {
      changed = false;
      for (const x of [...pool]) {
        // Only a meld of x's rank or suit can take it.
        const meld = melds.find((m) => mayTake(m.cards, x) && valid([...m.cards, x]));
        if (!meld) continue;
        meld.cards = inOrder(rules, [...meld.cards, x]);
        pool.delete(x);
        changed = true;
      }
    }
  };

  /** Melds of pool cards alone: the longest runs first, then sets. */
  const ownMelds = () => {
    for (const cards of meldsOf(rules, [...pool])) {
      for (const c of cards) pool.delete(c);
      melds.push({ cards, origin: -1 });
    }
  };

  if (extendFirst) extend();
  ownMelds();
  extend();

  // Repairs: the cheapest way (table cards moved per own card placed) to give
  // a pool card a meld, until none is left.
  for (;;) {
    const spares = new Map(spareCards(melds, valid, tableCards).map((s) => [s.card, s]));
    const candidates = [...pool, ...spares.keys()];
    let best: { gain: number; cost: number; take: Spare[]; cards: CardId[] } | null = null;
    for (const x of pool) {
      for (const cards of meldsWith(rules, x, candidates)) {
        const take: Spare[] = [];
        let cost = 0;
        let ok = true;
        const usedMelds = new Set<Meld>();
        for (const c of cards) {
          if (pool.has(c)) continue;
          const spare = spares.get(c)!;
          // One spare per meld: a second would be judged on a meld already changed.
          if (usedMelds.has(spare.meld)) ok = false;
          usedMelds.add(spare.meld);
          take.push(spare);
          cost += spare.cost;
        }
        if (!ok) continue;
        const gain = countIn(cards, pool);
        if (!best || gain * (best.cost + 1) > best.gain * (cost + 1))
          best = { gain, cost, take, cards };
      }
    }
    const splits = best ? [] : splitInsertions(rules, melds, pool, valid, tableCards);
    if (best) {
      for (const spare of best.take) spare.meld.cards = spare.rest;
      for (const c of best.cards) pool.delete(c);
      melds.push({ cards: best.cards, origin: -1 });
    } else if (splits.length > 0) {
      const split = splits.reduce((a, b) => (b.cost < a.cost ? b : a));
      split.meld.cards = split.keep;
      melds.push({ cards: split.other, origin: -1 });
      pool.delete(split.x);
    } else break;
    extend();
  }
  return melds.map((m) => m.cards).filter((cards) => cards.length > 0);
}

interface Spare {
  card: CardId;
  meld: Meld;
  /** the meld without the card, still valid */
  rest: CardId[];
  /** table cards this moves: 1 for a table card of a meld still matched, else 0 */
  cost: number;
}

/** Cards a meld can give up and stay valid. */
function spareCards(
  melds: readonly Meld[],
  valid: (cards: readonly CardId[]) => boolean,
  tableCards: ReadonlySet<CardId>,
): Spare[] {
  const spares: Spare[] = [];
  for (const meld of melds) {
    if (meld.cards.length < 4) continue;
    for (const card of meld.cards) {
      if (!mayGive(meld.cards, card)) continue;
      const rest = meld.cards.filter((c) => c !== card);
      if (!valid(rest)) continue;
      const cost = tableCards.has(card) && meld.origin >= 0 ? 1 : 0;
      spares.push({ card, meld, rest, cost });
    }
  }
  return spares;
}

/**
 * Whether x could extend the meld, before the full check: a set of its rank
 * without its suit, or a run of its suit with one of its ranks beside x's
 * (any card order: melds of three made by a repair are not sorted).
 */
function mayTake(cards: readonly CardId[], x: CardId): boolean {
  if (cards.length === 0) return false;
  const first = cards[0]!;
  if (rankOf(cards[1]!) === rankOf(first))
    return rankOf(x) === rankOf(first) && cards.every((c) => suitIndex(c) !== suitIndex(x));
  if (suitIndex(first) !== suitIndex(x)) return false;
  return touches(cards, x);
}

/**
 * Whether the meld could stay valid without the card: any card of a set,
 * only an end of a run (a card with no neighbour rank on one side); a run of
 * every rank is left to the full check.
 */
function mayGive(cards: readonly CardId[], card: CardId): boolean {
  if (rankOf(cards[1]!) === rankOf(cards[0]!) || cards.length >= 13) return true;
  let below = false;
  let above = false;
  for (const c of cards) {
    below ||= kindAt(c, 1) === card % 52;
    above ||= kindAt(c, -1) === card % 52;
  }
  return !below || !above;
}

/** Whether two cards of one suit are of neighbouring ranks, round the Ace. */
function beside(a: CardId, b: CardId): boolean {
  return kindAt(a, 1) === b % 52 || kindAt(a, -1) === b % 52;
}

/** Whether a card is beside one of the run's cards. */
function touches(run: readonly CardId[], c: CardId): boolean {
  for (const r of run) if (beside(r, c)) return true;
  return false;
}

/** Every meld of three cards from the candidates that holds x (sets of four too). */
function meldsWith(rules: MeldRules, x: CardId, candidates: readonly CardId[]): CardId[][] {
  const found: CardId[][] = [];
  const [rank, suit] = [rankOf(x), suitIndex(x)];
  const others: CardId[] = [];
  for (const c of candidates)
    if (c !== x && (rankOf(c) === rank || suitIndex(c) === suit)) others.push(c);
  for (let i = 0; i < others.length; i++)
    for (let j = i + 1; j < others.length; j++)
      if (isTriple(rules, x, others[i]!, others[j]!)) found.push([x, others[i]!, others[j]!]);
  return found;
}

/**
 * Own cards that go into a run of their kind by splitting it: a-…-r-…-b with
 * an own r becomes a-…-r and r-…-b; the side not kept by the meld moves.
 */
function splitInsertions(
  rules: MeldRules,
  melds: readonly Meld[],
  pool: ReadonlySet<CardId>,
  valid: (cards: readonly CardId[]) => boolean,
  tableCards: ReadonlySet<CardId>,
): { meld: Meld; x: CardId; keep: CardId[]; other: CardId[]; cost: number }[] {
  const found = [];
  for (const meld of melds) {
    if (meld.cards.length < 5) continue;
    const cards = inOrder(rules, meld.cards);
    for (const x of pool) {
      const at = cards.findIndex((c) => c % 52 === x % 52);
      if (at < 0) continue;
      const left = cards.slice(0, at + 1);
      const right = [x, ...cards.slice(at + 1)];
      if (!valid(left) || !valid(right)) continue;
      // The meld keeps the side with more table cards; the other side moves.
      const [keep, other] =
        countIn(left, tableCards) >= countIn(right, tableCards) ? [left, right] : [right, left];
      found.push({ meld, x, keep, other, cost: meld.origin >= 0 ? countIn(other, tableCards) : 0 });
    }
  }
  return found;
}

/** How many of the cards are in the set. */
function countIn(cards: readonly CardId[], set: ReadonlySet<CardId>): number {
  let n = 0;
  for (const c of cards) if (set.has(c)) n++;
  return n;
}

/** Disjoint melds of the cards, greedily: the longest runs first, then sets of the rest. */
function meldsOf(rules: MeldRules, cards: readonly CardId[]): CardId[][] {
  const melds: CardId[][] = [];
  const left = new Set(cards);
  const longest = Math.min(rules.maxRunLength, 13);
  for (let grown = true; grown;) {
    grown = false;
    // The longest valid run among the cards left, grown from each card.
    let bestRun: CardId[] | null = null;
    // Only cards of its suit can join a run: the others are not looked at.
    const bySuit: CardId[][] = [[], [], [], []];
    for (const c of left) bySuit[suitIndex(c)]!.push(c);
    for (const start of left) {
      let run = [start];
      const ofSuit = bySuit[suitIndex(start)]!;
      for (;;) {
        let next: CardId | undefined;
        for (const c of ofSuit)
          if (touches(run, c) && !run.includes(c) && runStart(rules, [...run, c])) {
            next = c;
            break;
          }
        if (next === undefined || run.length >= longest) break;
        run = [...run, next];
      }
      if (run.length >= 3 && isMeld(rules, run) && (!bestRun || run.length > bestRun.length))
        bestRun = run;
    }
    if (bestRun) {
      melds.push(bestRun);
      for (const c of bestRun) left.delete(c);
      grown = true;
    }
  }
  for (let rank = 1; rank <= 13; rank++) {
    for (;;) {
      const bySuit = new Map<number, CardId>();
      for (const c of left)
        if (rankOf(c) === rank && !bySuit.has(suitIndex(c))) bySuit.set(suitIndex(c), c);
      if (bySuit.size < 3) break;
      const set = [...bySuit.values()];
      melds.push(set);
      for (const c of set) left.delete(c);
    }
  }
  return melds;
}

/** isMeld for three cards, without allocating: a set, or three consecutive ranks of one suit. */
export function isTriple(rules: MeldRules, a: CardId, b: CardId, c: CardId): boolean {
  const ra = rankOf(a);
  const rb = rankOf(b);
  const rc = rankOf(c);
  const sa = suitIndex(a);
  const sb = suitIndex(b);
  const sc = suitIndex(c);
  if (ra === rb && rb === rc) return sa !== sb && sb !== sc && sa !== sc;
  if (sa !== sb || sb !== sc) return false;
  const low = Math.min(ra, rb, rc);
  const high = Math.max(ra, rb, rc);
  const mid = ra + rb + rc - low - high;
  if (mid === low + 1 && high === mid + 1) return true;
  // Round the Ace: Q-K-A in both rule sets, K-A-2 only across the bridge.
  return low === 1 && high === 13 && (mid === 12 || (mid === 2 && rules.wrapsThroughAce));
}

/** A valid meld's cards in reading order. */
function inOrder(rules: MeldRules, cards: readonly CardId[]): CardId[] {
  const check = checkMeld(rules, cards);
  if (!check.ok) throw new Error(`internal: the greedy arrangement broke a meld: ${check.reason}`);
  return check.ordered;
}

/** A valid meld within the rule set's longest run (the engine would split a longer one). */
function isMeld(rules: MeldRules, cards: readonly CardId[]): boolean {
  return cards.length <= rules.maxRunLength && isValidMeld(rules, cards);
}

/** Whether the cards, in this order, could start a run: each the rank after the one before. */
function runStart(rules: MeldRules, cards: readonly CardId[]): boolean {
  if (cards.length >= 3) return isMeld(rules, cards);
  return cards.length < 2 || (rankOf(cards[1]!) - rankOf(cards[0]!) + 13) % 13 === 1;
}

/**
 * A lower bound on the table cards moved by any arrangement placing `goal`
 * own cards: 0, 1 or 2 (docs/solver.md, "bounds").
 */
export function fewestMoved(
  original: readonly (readonly CardId[])[],
  own: readonly CardId[],
  goal: number,
): number {
  if (fittingWithoutMoves(original, own, -1, -1) >= goal) return 0;
  // Moving one card leaves its meld matched without it, so the card was a
  // run's end or a set's card; every other meld stays whole.
  for (let m = 0; m < original.length; m++) {
    const cards = original[m]!;
    const isSet = rankOf(cards[0]!) === rankOf(cards.at(-1)!);
    const loose = isSet ? cards : [cards[0]!, cards.at(-1)!];
    for (const card of loose)
      if (mayLose(original, own, m, card) && fittingWithoutMoves(original, own, m, card) >= goal)
        return 1;
  }
  return 2;
}

/**
 * Whether meld `from` may lose `lost` with no other table card moved: what
 * is left must stay a meld, or own cards complete it (no other table card
 * may join it), and the lost card must fit a meld other than its own, since
 * it stays on the table. Generous, as `fittingWithoutMoves`.
 */
function mayLose(
  melds: readonly (readonly CardId[])[],
  own: readonly CardId[],
  from: number,
  lost: CardId,
): boolean {
  const left = melds[from]!.filter((c) => c !== lost);
  const free = new Uint8Array(52);
  for (const c of own) free[c % 52] = 1;
  if (left.length < 3) {
    const [first, last] = [left[0]!, left.at(-1)!];
    const completes =
      rankOf(first) === rankOf(last)
        ? own.some(
            (c) => rankOf(c) === rankOf(first) && left.every((t) => suitIndex(t) !== suitIndex(c)),
          )
        : free[kindAt(first, -1)] === 1 || free[kindAt(last, 1)] === 1;
    if (!completes) return false;
  }
  free[lost % 52] = 1;
  const others = melds.filter((_, m) => m !== from);
  return fits(free, meldMarks(others), lost % 52);
}

/** A card's kind (suit * 13 + rank index), `d` ranks further round the cycle. */
function kindAt(card: CardId, d: number): number {
  const kind = card % 52;
  return kind - (kind % 13) + (((kind % 13) + d + 13) % 13);
}

/**
 * At most how many own cards fit with no move other than `lost`, taken from
 * meld `from` (none when -1): each such card extends a meld kept whole (a
 * missing suit of a set, or a chain of own or loose cards touching a run's
 * end) or lies in a meld of own and loose cards alone. Generous on purpose
 * (no limits, any wrap, melds of two cards as good as three), so it is an
 * upper bound.
 */
function fittingWithoutMoves(
  melds: readonly (readonly CardId[])[],
  own: readonly CardId[],
  from: number,
  lost: CardId,
): number {
  // Per kind: a free card (own or lost).
  const free = new Uint8Array(52);
  for (const c of own) free[c % 52] = 1;
  if (lost >= 0) free[lost % 52] = 1;
  const marks = meldMarks(melds, from, lost);
  let fitting = 0;
  for (const x of own) if (fits(free, marks, x % 52)) fitting++;
  return fitting;
}

/**
 * Whether a free card of `kind` fits with no table card moved: a set lacks
 * it, free cards of its rank make three suits, or its chain fits.
 */
function fits(free: Uint8Array, marks: MeldMarks, kind: number): boolean {
  const rank = kind % 13;
  let suits = 0;
  for (let suit = 0; suit < 4; suit++) suits += free[suit * 13 + rank]!;
  return marks.gap[kind] === 1 || suits >= 3 || chainFits(free, marks, kind);
}

/**
 * Per kind (suit * 13 + rank index), of the melds with `lost` taken from
 * meld `from` (none when -1): whether a run starts just above it or ends
 * just below it (the kind a card would extend the run with, downwards or
 * upwards), and whether a set of fewer than four lacks it.
 */
export function meldMarks(
  melds: readonly (readonly CardId[])[],
  from = -1,
  lost: CardId = -1,
): MeldMarks {
  const below = new Uint8Array(52);
  const above = new Uint8Array(52);
  const gap = new Uint8Array(52);
  for (let m = 0; m < melds.length; m++) {
    const meld = melds[m]!;
    const cards = m === from ? meld.filter((c) => c !== lost) : meld;
    const first = cards[0]!;
    const last = cards.at(-1)!;
    if (cards.length > 1 && rankOf(first) === rankOf(last)) {
      if (cards.length < 4) {
        let suits = 0;
        for (const c of cards) suits |= 1 << suitIndex(c);
        for (let suit = 0; suit < 4; suit++)
          if (!(suits & (1 << suit))) gap[suit * 13 + rankOf(first) - 1] = 1;
      }
      continue;
    }
    below[kindAt(first, -1)] = 1;
    above[kindAt(last, 1)] = 1;
  }
  return { below, above, gap };
}

export interface MeldMarks {
  /** a run starts at the next kind up: a card here extends it downwards */
  below: Uint8Array;
  /** a run ends at the next kind down: a card here extends it upwards */
  above: Uint8Array;
  /** a set of fewer than four lacks this kind */
  gap: Uint8Array;
}

/**
 * Whether the chain of free kinds of `kind`'s suit through it, both ways
 * round the ranks, is three long, or leads from it to a run's end in the
 * way the run grows there (`meldMarks`): a card the wrong side of a run's
 * end would need the run's own kind again.
 */
export function chainFits(free: Uint8Array, { below, above }: MeldMarks, kind: number): boolean {
  let length = 1;
  let touches = below[kind] === 1 || above[kind] === 1;
  // Upwards from the card, a run starting above; downwards, one ending below.
  for (let d = 1; d < 13 && free[kindAt(kind, d)]; d++) {
    length++;
    if (below[kindAt(kind, d)]) touches = true;
  }
  for (let d = -1; d > -13 && free[kindAt(kind, d)]; d--) {
    length++;
    if (above[kindAt(kind, d)]) touches = true;
  }
  return length >= 3 || touches;
}
