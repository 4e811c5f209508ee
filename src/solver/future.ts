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

import type { CardId } from "../engine/cards";
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
  private readonly rankAt: number[];

  constructor(
    private readonly relaxation: Relaxation,
    private readonly original: readonly { kind: "run" | "set"; cards: readonly CardId[] }[],
    /** the processing index of a rank (0 = Ace) */
    indexOf: (rank: number) => number,
  ) {
    this.rankAt = Array.from({ length: RANKS }, (_, i) =>
      Array.from({ length: RANKS }, (__, r) => r).find((r) => indexOf(r) === i)!,
    );
    const { price, table, mine } = relaxation;
    for (let s = 0; s < SUITS; s++) {
      const kinds = this.rankAt.map((r) => s * RANKS + r);
      this.gain.push(kinds.map((k) => -price[k]!));
      this.present.push(kinds.map((k) => table[k]! + mine[k]! > 0));
    }
    this.masks = original.map((m) => {
      const mask = [0, 0, 0, 0];
      for (const c of m.cards)
        mask[this.suitOfKind(kindOf(c))]! |= 1 << this.indexOfKind(kindOf(c));
      return mask;
    });
    this.preCuts = Array.from({ length: RANKS + 1 }, (_, i) =>
      Array.from({ length: SUITS }, (__, s) => this.preCut(i, s)),
    );
  }

  private suitOfKind(k: number): number {
    return Math.floor(k / RANKS);
  }

  private indexOfKind(k: number): number {
    return this.rankAt.indexOf(k % RANKS);
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
      if (kinds.every((k) => k % RANKS === kinds[0]! % RANKS)) {
        if (at > i) sum += this.relaxation.meldTerm(c);
        else if (at === i && pending !== 0) sum += this.relaxation.meldTerm(c, (k) => !reached(k));
      } else if (!kinds.some(reached))
        // A run through the cut counts until its suit takes its cards of index 0.
        sum += this.relaxation.meldTerm(c);
    });
    this.original.forEach((meld, m) => {
      const kinds = meld.cards.map(kindOf);
      const ahead =
        meld.kind === "set"
          ? this.indexOfKind(kinds[0]!) > i || (this.indexOfKind(kinds[0]!) === i && pending !== 0)
          : // a run through the cut is in its suit's states from the start
            !kinds.some(reached) &&
            kinds.every(
              (k, j) => j === 0 || this.indexOfKind(k) === this.indexOfKind(kinds[j - 1]!) + 1,
            );
      if (ahead) sum += matchPrice[m]!;
    });
    this.aheadMemo.set(memo, sum);
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
   * `reserved` are the originals crossing the cut that an incoming piece is
   * matched to: a run joining that piece keeps their cards at no price.
   */
  suit(
    i: number,
    s: number,
    runs: readonly OpenRun[],
    unmatched: readonly number[],
    reserved: readonly number[],
    waiting: number,
  ): number {
    let sum = waiting * this.preCuts[i]![s]!;
    for (const m of unmatched) sum += this.relaxation.matchPrice[m]!;
    for (const run of runs) sum += this.continuation(i, s, run, reserved);
    return sum;
  }

  /** The most an open run may gain from processing index i on (it takes i, i+1, … or stops). */
  private continuation(i: number, s: number, run: OpenRun, reserved: readonly number[]): number {
    // A run short of three must go on (or reach the last index, to be joined).
    const must = run.inc || run.len >= 3 ? 0 : Math.min(3 - run.len, RANKS - i);
    let best = must === 0 ? 0 : -Infinity;
    let sum = 0;
    const claims = run.tag === FREE ? this.claimable(s) : [];
    const counts = claims.map(() => 0);
    for (let at = i; at < RANKS && this.present[s]![at]!; at++) {
      sum += this.gain[s]![at]!;
      if (run.tag >= 0 && this.masks[run.tag]![s]! & (1 << at)) sum++;
      let claim = 0;
      claims.forEach((m, j) => {
        if (this.masks[m]![s]! & (1 << at)) counts[j]!++;
        const price = reserved.includes(m) ? 0 : this.relaxation.matchPrice[m]!;
        claim = Math.max(claim, counts[j]! - price);
      });
      if (at - i + 1 >= must) best = Math.max(best, sum + claim);
    }
    // A run that cannot be completed is never in a state: no bound from it.
    return best === -Infinity ? 0 : best;
  }

  /** Originals a free run of suit s may claim: those with a card of the suit. */
  private claimable(s: number): number[] {
    return this.masks.flatMap((mask, m) => (mask[s] ? [m] : []));
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
      this.original.forEach((_, m) => {
        let n = 0;
        for (let at = from; at < RANKS; at++) if (this.masks[m]![s]! & (1 << at)) n++;
        claim = Math.max(claim, n);
      });
      best = Math.max(best, sum + claim);
    }
    return best;
  }
}
