// What a partial arrangement of the rank programme can still gain, bounded
// with the relaxation's prices (bound.ts). Every arrangement is worth its
// exact past (the programme's value so far) plus its future, and the future,
// relaxed as the whole programme is, splits into what lies wholly ahead (the
// kinds not reached, the possible melds with no card taken yet, the original
// melds no state knows of: one number per index and set of suits still to
// come there) and what each suit state carries (its open runs'
// continuations, its unmatched original runs, the runs its incoming pieces
// wait for). A state whose past plus that bound falls short of the goal
// cannot reach it, whatever the prices; with the prices of a tight bound,
// nearly every state that strays from the optimum falls short.

import { type CardId } from "@/engine";
import { filled } from "./arrays";
import { kindOf, PLACED_WEIGHT, type Relaxation } from "./bound";

const RANKS = 13;
const SUITS = 4;

/** An open run of a suit state, as the bound needs it. */
export interface OpenRun {
  len: number;
  /** the original it is matched to (>= 0), FREE (may still claim one) or another tag (may not) */
  tag: number;
  /** an incoming piece: it may stop anywhere, it is joined at the end */
  inc: boolean;
}

/** The tag of a run matched to nothing yet, which may still claim an original. */
export const FREE = -1;

export class FutureBound {
  /** per suit and processing index: what a card of that kind adds (minus its price) */
  private readonly gain: number[][] = [];
  /** per suit and processing index: whether any card of that kind is at hand */
  private readonly present: boolean[][] = [];
  /** per original: its kinds as a mask of processing indices, per suit */
  private readonly masks: number[][];
  private readonly aheadMemo = new Map<number, number>();
  /** per processing index and suit: what a run ending at the last index, from there on, may gain */
  private readonly preCuts: number[][];
  /** per rank (0 = Ace): its processing index */
  private readonly indexAt: number[];
  /** per processing index and original: loss() */
  private readonly losses: number[] = [];

  constructor(
    private readonly relaxation: Relaxation,
    private readonly original: readonly { kind: "run" | "set"; cards: readonly CardId[] }[],
    /** the processing index of a rank (0 = Ace) */
    indexOf: (rank: number) => number,
    /** whether original m is a run through the cut (in its suit's states from the start) */
    private readonly crossing: (m: number) => boolean,
  ) {
    this.indexAt = filled(RANKS, (r) => indexOf(r));
    const rankAt: number[] = [];
    this.indexAt.forEach((i, r) => (rankAt[i] = r));
    const { price, table, mine } = relaxation;
    for (let s = 0; s < SUITS; s++) {
      const kinds = rankAt.map((r) => s * RANKS + r);
      this.gain.push(kinds.map((k) => -price[k]!));
      this.present.push(kinds.map((k) => table[k]! + mine[k]! > 0));
    }
    this.masks = original.map((m) => {
      const mask = [0, 0, 0, 0];
      for (const c of m.cards)
        mask[this.suitOfKind(kindOf(c))]! |= 1 << this.indexOfKind(kindOf(c));
      return mask;
    });
    this.preCuts = filled(RANKS + 1, (i) => filled(SUITS, (s) => this.preCut(i, s)));
  }

  private suitOfKind(k: number): number {
    return Math.floor(k / RANKS);
  }

  private indexOfKind(k: number): number {
    return this.indexAt[k % RANKS]!;
  }

  /**
   * What lies wholly ahead once every suit has done processing index i but
   * those in `pending` (a mask of suits still to take their cards of i):
   * the kinds not reached, the possible melds none of whose cards are, and
   * the originals not yet in any suit state. A set of index i is counted
   * while any suit is pending, its reached cards at no price: the rank's
   * sets are settled with its last suit.
   */
  ahead(i: number, pending: number): number {
    const memo = i * 16 + pending;
    const known = this.aheadMemo.get(memo);
    if (known !== undefined) return known;
    const { price, table, mine, matchPrice, placedPrice } = this.relaxation;
    const reached = (k: number) => {
      const at = this.indexOfKind(k);
      return at < i || (at === i && !(pending & (1 << this.suitOfKind(k))));
    };
    let sum = 0;
    for (let k = 0; k < SUITS * RANKS; k++)
      if (!reached(k))
        sum +=
          price[k]! * table[k]! + mine[k]! * Math.max(0, PLACED_WEIGHT + price[k]! - placedPrice);
    this.relaxation.melds.forEach((kinds, c) => {
      const at = this.indexOfKind(kinds[0]!);
      if (isSet(kinds)) {
        if (at > i) sum += this.relaxation.meldTerm(c);
        else if (at === i && pending !== 0) sum += this.relaxation.meldTerm(c, (k) => !reached(k));
      } else if (!kinds.some(reached))
        // A run through the cut counts until its suit takes its cards of index 0.
        sum += this.relaxation.meldTerm(c);
    });
    this.original.forEach((_, m) => {
      if (this.isAhead(m, i, pending)) sum += matchPrice[m]!;
    });
    this.aheadMemo.set(memo, sum);
    return sum;
  }

  /**
   * Whether original m is in no suit state once every suit has done index i
   * but those in `pending`, and may still be matched: a set of a later index
   * (or of i, while a suit is pending: the rank's sets are settled with its
   * last suit), a run none of whose cards are reached. A run through the cut
   * is in its suit's states from the start.
   */
  private isAhead(m: number, i: number, pending: number): boolean {
    const { kind, cards: meld } = this.original[m]!;
    const first = this.indexOfKind(kindOf(meld[0]!));
    if (kind === "set") return first > i || (first === i && pending !== 0);
    if (this.crossing(m)) return false;
    return first > i || (first === i && (pending & (1 << this.suitOfKind(kindOf(meld[0]!)))) !== 0);
  }

  /**
   * What the melds ahead of a suit's state before index i surely lose once
   * original m is matched: per meld, its term less its term without m. What
   * matches add is submodular, so each original matched in the state takes
   * away at least this much, whatever else is.
   */
  private loss(i: number, m: number): number {
    const memo = i * this.original.length + m;
    let sum = this.losses[memo];
    if (sum !== undefined) return sum;
    sum = 0;
    const { melds, shares } = this.relaxation;
    const suit = this.suitOfKind(kindOf(this.original[m]!.cards[0]!));
    for (let c = 0; c < melds.length; c++) {
      if (!shares[c]!.some((x, j) => j % 2 === 0 && x === m)) continue;
      const kinds = melds[c]!;
      const at = kinds.map((k) => this.indexOfKind(k));
      // Only melds `ahead` counts wherever the other suits stand: runs of the
      // suit none of whose cards are reached, sets of later indices.
      const counted = isSet(kinds)
        ? at[0]! >= i
        : this.suitOfKind(kinds[0]!) === suit && at.every((x) => x >= i);
      if (counted)
        sum += this.relaxation.meldTerm(c) - this.relaxation.meldTerm(c, undefined, (o) => o !== m);
    }
    this.losses[memo] = sum;
    return sum;
  }

  /** The count's price on the own cards a state, with `placed` of them placed, has still to place. */
  toPlace(placed: number): number {
    const { count, placedPrice } = this.relaxation;
    return count === null ? 0 : placedPrice * (count - placed);
  }

  /**
   * What suit s's state before processing index i may still gain: each open
   * run's best continuation, the prices of its unmatched originals (a match
   * may still take them), and for each incoming piece, or open run that will
   * be one, the best run from some index to the last, which it waits for.
   * Its originals already matched take away what they surely lose the melds
   * ahead. `reserved` are those crossing the cut that an incoming piece is
   * matched to: a run joining that piece keeps their cards at no price.
   */
  suit(
    i: number,
    s: number,
    runs: readonly OpenRun[],
    originals: {
      unmatched: readonly number[];
      reserved: readonly number[];
      matched: readonly number[];
    },
    waiting: number,
  ): number {
    const { unmatched, reserved, matched } = originals;
    let sum = waiting * this.preCuts[i]![s]!;
    for (const m of unmatched) sum += this.relaxation.matchPrice[m]!;
    for (const m of matched) sum -= this.loss(i, m);
    // A free run may claim an original its suit has a card of, unless it is taken.
    const claims = this.masks.flatMap((mask, m) =>
      mask[s] && (unmatched.includes(m) || reserved.includes(m) || this.isAhead(m, i - 1, 0))
        ? [m]
        : [],
    );
    for (const run of runs) sum += this.continuation(i, s, run, claims, reserved);
    return sum;
  }

  /** The most an open run may gain from processing index i on (it takes i, i+1, … or stops). */
  private continuation(
    i: number,
    s: number,
    run: OpenRun,
    claimable: readonly number[],
    reserved: readonly number[],
  ): number {
    // A run short of three must go on (or reach the last index, to be joined).
    const must = run.inc || run.len >= 3 ? 0 : Math.min(3 - run.len, RANKS - i);
    let best = must === 0 ? 0 : -Infinity;
    let sum = 0;
    const claims = run.tag === FREE ? claimable : [];
    const counts = claims.map(() => 0);
    const prices = claims.map((m) => (reserved.includes(m) ? 0 : this.relaxation.matchPrice[m]!));
    for (let at = i; at < RANKS && this.present[s]![at]!; at++) {
      sum += this.gain[s]![at]!;
      if (run.tag >= 0 && this.masks[run.tag]![s]! & (1 << at)) sum++;
      let claim = 0;
      claims.forEach((m, j) => {
        if (this.masks[m]![s]! & (1 << at)) counts[j]!++;
        claim = Math.max(claim, counts[j]! - prices[j]!);
      });
      if (at - i + 1 >= must) best = Math.max(best, sum + claim);
    }
    // A run that cannot be completed is never in a state: no bound from it.
    return best === -Infinity ? 0 : best;
  }

  /** The most a run from some index at or after i to the last one may gain, if anything. */
  private preCut(i: number, s: number): number {
    let best = 0;
    for (let from = i; from < RANKS; from++) {
      let sum = 0;
      let ok = true;
      for (let at = from; at < RANKS; at++) {
        if (!this.present[s]![at]) ok = false;
        sum += this.gain[s]![at]!;
      }
      if (!ok) continue;
      let claim = 0;
      for (const mask of this.masks) {
        let n = 0;
        for (let at = from; at < RANKS; at++) if (mask[s]! & (1 << at)) n++;
        claim = Math.max(claim, n);
      }
      best = Math.max(best, sum + claim);
    }
    return best;
  }
}

/** Whether a meld of these kinds is a set: all of one rank. */
function isSet(kinds: readonly number[]): boolean {
  return kinds.every((k) => k % RANKS === kinds[0]! % RANKS);
}
