// A fast arrangement to start from (docs/solver.md, "incumbent"): keep every
// original meld, add own cards where they fit, make melds of own cards, then
// repair greedily by taking spare table cards (a run's end, a card of a set of
// four, one side of a split run) for the own cards still in hand. Not optimal
// in general: the exact search (search.ts) either proves it is or beats it.

import { type CardId, rankOf, suitIndex, checkMeld, isValidMeld, type MeldRules } from "@/engine";
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
        for (const c of cards) {
          if (pool.has(c)) continue;
          const spare = spares.get(c)!;
          // One spare per meld: a second would be judged on a meld already changed.
          if (take.some((t) => t.meld === spare.meld)) ok = false;
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
    const { cards } = meld;
    if (cards.length < 4) continue;
    // Every meld here is valid: a set of four gives up any card and a run an
    // end (a card with no neighbour rank on one side), and what is left is a
    // meld; a run of every rank has no end, and each card is checked.
    const run = rankOf(cards[1]!) !== rankOf(cards[0]!) && cards.length < 13;
    let ranks = 0;
    if (run) for (const c of cards) ranks |= 1 << (c % 13);
    for (const card of cards) {
      if (run && (ranks >> ((card + 1) % 13)) & 1 && (ranks >> ((card + 12) % 13)) & 1) continue;
      const rest = cards.filter((c) => c !== card);
      if (cards.length >= 13 && !valid(rest)) continue;
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
  // A card of x's suit shares a run of three only within two ranks of x.
  for (const c of candidates)
    if (c !== x && (rankOf(c) === rank || (suitIndex(c) === suit && near(rankOf(c), rank))))
      others.push(c);
  for (let i = 0; i < others.length; i++)
    for (let j = i + 1; j < others.length; j++)
      if (isTriple(rules, x, others[i]!, others[j]!)) found.push([x, others[i]!, others[j]!]);
  return found;
}

/** Whether two ranks are at most two apart, round the Ace. */
function near(a: number, b: number): boolean {
  const d = (a - b + 13) % 13;
  return d <= 2 || d >= 11;
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
      const run = [start];
      const ofSuit = bySuit[suitIndex(start)]!;
      // A run grows at either end (only upwards from its first card) by the
      // first card of its suit, in their order, that keeps it a run.
      let [low, high] = [start, start];
      while (run.length < longest) {
        const below = run.length > 1 ? kindAt(low, -1) : -1;
        const above = kindAt(high, 1);
        let next: CardId | undefined;
        for (const c of ofSuit) {
          if (c % 52 !== below && c % 52 !== above) continue;
          run.push(c);
          const fits = runStart(rules, run);
          run.pop();
          if (fits) {
            next = c;
            break;
          }
        }
        if (next === undefined) break;
        run.push(next);
        if (next % 52 === above) high = next;
        else low = next;
      }
      // Every card added to a run of three or more was checked with it.
      if (run.length >= 3 && (!bestRun || run.length > bestRun.length)) bestRun = run;
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

/** A table card moved: meld `from` gives up `card`. */
interface Loss {
  from: number;
  card: CardId;
}

/**
 * A lower bound on the table cards moved by any arrangement placing `goal`
 * own cards: 0, 1, 2 or 3 (docs/solver.md, "bounds"). Two moves, the
 * costliest to rule out, are tried only when `proving` (the moves of the
 * best arrangement known) is 3: only then does ruling them out settle more.
 */
export function fewestMoved(
  original: readonly (readonly CardId[])[],
  own: readonly CardId[],
  goal: number,
  proving = 3,
): number {
  const moves = singleMoves(original, own, goal);
  if (moves.fitting >= goal) return 0;
  if (moves.ones.some((one) => mayPlace(moves, one))) return 1;
  if (proving !== 3 || own.length - moves.fitting > 30) return 2;
  return somePair(original, own, moves, () => true) ? 2 : 3;
}

/**
 * Calls `visit` with the cards of each pair of moves the bound cannot rule
 * out, until it returns true; whether it did. Two moves are two single
 * moves' cards, or a run's two cards at one end. A meld of three that loses
 * two leaves a card alone, which changes what fits at its rank and suit too.
 */
function somePair(
  original: readonly (readonly CardId[])[],
  own: readonly CardId[],
  moves: ReturnType<typeof singleMoves>,
  visit: (losses: readonly Loss[]) => boolean,
  worthTesting: (losses: readonly Loss[]) => boolean = () => true,
): boolean {
  const { marks, tracked, near, enough, places, ones } = moves;
  const nearAlone = (losses: readonly Loss[]) => {
    const left = aloneAfter(original, losses);
    return left === null ? 0 : near(left);
  };
  // Two cards of other melds change nothing for each other where they
  // share neither rank nor suit: then each moves as it would alone, and an
  // own card fits as it would with one of them alone, unless it is beside
  // both.
  const alone = (one: One) => (one.movable ??= movable(original, own, [one.loss], marks));
  const helps = (one: One) => {
    if (one.helps === undefined) {
      let mask = 0;
      forEachFitting(original, own, tracked, [one.loss], marks, (k) => (mask |= 1 << k));
      one.helps = mask;
    }
    return one.helps;
  };
  for (let a = 0; a < ones.length; a++)
    for (let b = a + 1; b < ones.length; b++) {
      const [x, y] = [ones[a]!, ones[b]!];
      const losses = [x.loss, y.loss];
      if (x.loss.from === y.loss.from) {
        if (
          enough(x.near | y.near | nearAlone(losses)) &&
          worthTesting(losses) &&
          places(losses) &&
          visit(losses)
        )
          return true;
        continue;
      }
      if (!enough(x.near | y.near) || !worthTesting(losses)) continue;
      if (!enough(helps(x) | helps(y) | (x.near & y.near))) continue;
      const possible = sharesRankOrSuit(x.loss.card, y.loss.card)
        ? places(losses)
        : alone(x) && alone(y) && fittingAfter(original, own, losses, marks) >= moves.goal;
      if (possible && visit(losses)) return true;
    }
  for (const [from, cards] of original.entries()) {
    if (isSetMeld(cards)) continue;
    for (const pair of [cards.slice(0, 2), cards.slice(-2)]) {
      const losses = pair.map((card) => ({ from, card }));
      if (
        enough(near(pair[0]!) | near(pair[1]!) | nearAlone(losses)) &&
        worthTesting(losses) &&
        places(losses) &&
        visit(losses)
      )
        return true;
    }
  }
  return false;
}

/** The card a meld of three is left with when both losses are its own, else null. */
function aloneAfter(
  original: readonly (readonly CardId[])[],
  losses: readonly Loss[],
): CardId | null {
  const { from } = losses[0]!;
  if (from !== losses[1]!.from) return null;
  const left = leftOf(original[from]!, from, losses);
  return left.length === 1 ? left[0]! : null;
}

/**
 * What the bound on moves works with: the own cards that fit with no move
 * (counted generously), and each single move (a run's end or a set's card:
 * a moved card leaves its meld matched without it, every other meld whole),
 * with the tests that rule moves out.
 */
function singleMoves(
  original: readonly (readonly CardId[])[],
  own: readonly CardId[],
  goal: number,
) {
  const marks = meldMarks(original);
  const free = freeKinds(own, []);
  const misfits = own.filter((x) => !fits(free, marks, x % 52));
  // A move changes what fits only at its card's rank and suit (and at those
  // of a card it leaves alone): the own cards that fit nowhere need moves
  // beside them, and only so many of them may be left out. Past 30 of them
  // (a mask's bits), two moves are not tried and the bound stays 2.
  const spare = own.length - goal;
  const tracked = misfits.slice(0, 30);
  const near = (card: CardId) => {
    let mask = 0;
    tracked.forEach((x, k) => {
      if (sharesRankOrSuit(x, card)) mask |= 1 << k;
    });
    return mask;
  };
  const all = (1 << tracked.length) - 1;
  const enough = (mask: number) => popCount(all & ~mask) <= spare;
  // The count rules out more than the moves' own checks, and costs less.
  const places = (losses: readonly Loss[]) =>
    fittingAfter(original, own, losses, marks) >= goal && movable(original, own, losses, marks);
  const ones: One[] = [];
  original.forEach((cards, from) => {
    const loose = isSetMeld(cards) ? cards : [cards[0]!, cards.at(-1)!];
    for (const card of loose) ones.push({ loss: { from, card }, near: near(card) });
  });
  return { goal, fitting: own.length - misfits.length, marks, tracked, near, enough, places, ones };
}

/** Whether a single move may place the goal's cards: it is beside enough of those fitting nowhere, and counts them. */
function mayPlace(moves: ReturnType<typeof singleMoves>, { loss, near }: One): boolean {
  return moves.enough(near) && moves.places([loss]);
}

/**
 * The melds an arrangement placing `goal` own cards with at most `moves` (0,
 * 1 or 2) table cards moved can change; the others stay whole. With none,
 * those an own card can join: the missing suit of a set of three, or the card
 * next to a run's end on the side it grows there. With one or two (where
 * fewer place the goal's cards: every move is then of use to own cards, and
 * the bound's test holds for it), also the meld each such move takes its card
 * from and those the card can join, or a card a meld of three is left with.
 */
export function touchedMelds(
  original: readonly (readonly CardId[])[],
  own: readonly CardId[],
  goal: number,
  moves: number,
): boolean[] {
  const free = freeKinds(own, []);
  const marks = original.map((cards) => meldMarks([cards]));
  const joins = (m: number, kind: number) =>
    marks[m]!.gap[kind]! > 0 || marks[m]!.below[kind]! > 0 || marks[m]!.above[kind]! > 0;
  const touched = original.map((_, m) => free.some((has, kind) => has > 0 && joins(m, kind)));
  if (moves === 0) return touched;
  // Per kind, once asked: the melds a card of it can join.
  const joiningKind: (number[] | undefined)[] = [];
  const joining = (card: CardId) =>
    (joiningKind[card % 52] ??= original.flatMap((_, m) => (joins(m, card % 52) ? [m] : [])));
  const reached = (losses: readonly Loss[]) => {
    const melds = losses.flatMap(({ from, card }) => [from, ...joining(card)]);
    const left = losses.length === 2 ? aloneAfter(original, losses) : null;
    return left === null ? melds : [...melds, ...joining(left)];
  };
  const touch = (losses: readonly Loss[]) => {
    for (const m of reached(losses)) touched[m] = true;
  };
  const single = singleMoves(original, own, goal);
  if (moves === 1) {
    for (const one of single.ones) if (mayPlace(single, one)) touch([one.loss]);
    return touched;
  }
  // A pair is tested only when it would touch a meld not touched yet.
  somePair(
    original,
    own,
    single,
    (losses) => {
      touch(losses);
      return false;
    },
    (losses) => reached(losses).some((m) => !touched[m]),
  );
  return touched;
}

/** A card one move may take, with the own cards fitting nowhere that share its rank or suit. */
interface One {
  loss: Loss;
  near: number;
  /** whether it may move alone (`movable`), once asked */
  movable?: boolean;
  /** of the own cards fitting nowhere, those that fit once it moves alone, once asked */
  helps?: number;
}

function sharesRankOrSuit(a: CardId, b: CardId): boolean {
  return rankOf(a) === rankOf(b) || suitIndex(a) === suitIndex(b);
}

function isSetMeld(cards: readonly CardId[]): boolean {
  return rankOf(cards[0]!) === rankOf(cards.at(-1)!);
}

function popCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

/** Per kind: whether an own or lost card is of it. */
function freeKinds(own: readonly CardId[], losses: readonly Loss[]): Uint8Array {
  const free = new Uint8Array(52);
  for (const c of own) free[c % 52] = 1;
  for (const { card } of losses) free[card % 52] = 1;
  return free;
}

/** A meld's cards once the losses are taken from it. */
function leftOf(
  cards: readonly CardId[],
  from: number,
  losses: readonly Loss[],
): readonly CardId[] {
  return losses.some((l) => l.from === from)
    ? cards.filter((c) => !losses.some((l) => l.from === from && l.card === c))
    : cards;
}

/**
 * Whether what is left of meld `from` once the losses are taken can stay in
 * one meld with no other table card moved: a card alone in any, two cards
 * in a meld that grows them (no table card but another lost one may join
 * it). Generous, as `fittingAfter`.
 */
function leftFits(
  melds: readonly (readonly CardId[])[],
  own: readonly CardId[],
  losses: readonly Loss[],
  from: number,
): boolean {
  let taken = 0;
  for (const l of losses) if (l.from === from) taken++;
  if (melds[from]!.length - taken >= 3) return true;
  const left = leftOf(melds[from]!, from, losses);
  const joining = freeKinds(
    own,
    losses.filter((l) => l.from !== from),
  );
  const [first, last] = [left[0]!, left.at(-1)!];
  const rank = rankOf(first) - 1;
  let suits = 0;
  for (let suit = 0; suit < 4; suit++)
    if (left.every((t) => suitIndex(t) !== suit) && joining[suit * 13 + rank]) suits++;
  if (left.length === 1) return suits >= 2 || chainFits(joining, NO_MARKS, first % 52);
  return rankOf(first) === rankOf(last)
    ? suits >= 1
    : joining[kindAt(first, -1)] === 1 || joining[kindAt(last, 1)] === 1;
}

/** A card's kind (suit * 13 + rank index), `d` ranks further round the cycle. */
function kindAt(card: CardId, d: number): number {
  const kind = card % 52;
  return kind - (kind % 13) + (((kind % 13) + d + 13) % 13);
}

/**
 * Whether the melds may lose these cards with no other table card moved:
 * what is left of each must stay a meld (`leftFits`), and each lost card
 * must fit, as an own card does in `fittingAfter`, a meld other than its
 * own, since it stays on the table.
 */
function movable(
  melds: readonly (readonly CardId[])[],
  own: readonly CardId[],
  losses: readonly Loss[],
  marks: MeldMarks,
): boolean {
  for (const { from } of losses) if (!leftFits(melds, own, losses, from)) return false;
  const free = freeKinds(own, losses);
  return withLosses(melds, losses, marks, () =>
    losses.every(({ from, card }) => {
      // Its own meld's marks left out while it looks for another.
      const left = leftOf(melds[from]!, from, losses);
      markMeld(marks, left, isSetMeld(melds[from]!), -1);
      const fitting = fits(free, marks, card % 52);
      markMeld(marks, left, isSetMeld(melds[from]!), 1);
      return fitting;
    }),
  );
}

/**
 * At most how many own cards fit with no move but the losses: each such
 * card extends a meld kept whole (a missing suit of a set, or a chain of own
 * or lost cards touching a run's end) or lies in a meld of own and lost
 * cards alone. Generous on purpose (no limits, any wrap, melds of two cards
 * as good as three), so it is an upper bound.
 */
function fittingAfter(
  melds: readonly (readonly CardId[])[],
  own: readonly CardId[],
  losses: readonly Loss[],
  marks: MeldMarks,
): number {
  let fitting = 0;
  forEachFitting(melds, own, own, losses, marks, () => fitting++);
  return fitting;
}

/** Calls `visit` with the index of each of the `tested` own cards that fits as `fittingAfter` counts. */
function forEachFitting(
  melds: readonly (readonly CardId[])[],
  own: readonly CardId[],
  tested: readonly CardId[],
  losses: readonly Loss[],
  marks: MeldMarks,
  visit: (k: number) => void,
): void {
  const free = freeKinds(own, losses);
  withLosses(melds, losses, marks, () =>
    tested.forEach((x, k) => {
      if (fits(free, marks, x % 52)) visit(k);
    }),
  );
}

/**
 * `count` with `marks`, the whole melds', standing for what the losses
 * leave of them; given back as they were.
 */
function withLosses<T>(
  melds: readonly (readonly CardId[])[],
  losses: readonly Loss[],
  marks: MeldMarks,
  count: () => T,
): T {
  const froms = [...new Set(losses.map((l) => l.from))];
  const swap = (sign: number) => {
    for (const from of froms) {
      const cards = melds[from]!;
      markMeld(marks, cards, isSetMeld(cards), -sign);
      markMeld(marks, leftOf(cards, from, losses), isSetMeld(cards), sign);
    }
  };
  swap(1);
  const result = count();
  swap(-1);
  return result;
}

/**
 * Whether a free card of `kind` fits with no table card moved: a set lacks
 * it, free cards of its rank make three suits, or its chain fits.
 */
function fits(free: Uint8Array, marks: MeldMarks, kind: number): boolean {
  const rank = kind % 13;
  let suits = 0;
  for (let suit = 0; suit < 4; suit++) suits += free[suit * 13 + rank]!;
  return marks.gap[kind]! > 0 || suits >= 3 || chainFits(free, marks, kind);
}

/**
 * Per kind (suit * 13 + rank index), of the melds: how many runs start just
 * above it or end just below it (the kind a card would extend them with,
 * downwards or upwards), and how many sets of fewer than four lack it.
 * Counts, so that a meld's marks can be taken out again.
 */
export function meldMarks(melds: readonly (readonly CardId[])[]): MeldMarks {
  const marks = {
    below: new Uint8Array(52),
    above: new Uint8Array(52),
    gap: new Uint8Array(52),
  };
  for (const cards of melds) markMeld(marks, cards, isSetMeld(cards), 1);
  return marks;
}

/** Adds (`sign` 1) or takes out (-1) the marks of what is left of a meld. */
function markMeld(
  { below, above, gap }: MeldMarks,
  cards: readonly CardId[],
  isSet: boolean,
  sign: number,
): void {
  const first = cards[0]!;
  const last = cards.at(-1)!;
  // A card left alone may end in a set or in a run.
  const alone = cards.length === 1;
  if ((isSet || alone) && cards.length < 4) {
    let suits = 0;
    for (const c of cards) suits |= 1 << suitIndex(c);
    for (let suit = 0; suit < 4; suit++)
      if (!(suits & (1 << suit))) add(gap, suit * 13 + rankOf(first) - 1, sign);
  }
  if (!isSet || alone) {
    add(below, kindAt(first, -1), sign);
    add(above, kindAt(last, 1), sign);
  }
}

function add(counts: Uint8Array, kind: number, n: number): void {
  counts[kind] = counts[kind]! + n;
}

const NO_MARKS: MeldMarks = {
  below: new Uint8Array(52),
  above: new Uint8Array(52),
  gap: new Uint8Array(52),
};

export interface MeldMarks {
  /** runs starting at the next kind up: a card here extends them downwards */
  below: Uint8Array;
  /** runs ending at the next kind down: a card here extends them upwards */
  above: Uint8Array;
  /** sets of fewer than four lacking this kind */
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
  let touches = below[kind]! > 0 || above[kind]! > 0;
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
