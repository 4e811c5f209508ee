// An upper bound on the solver's objective (128 × own cards placed + table cards
// kept) from a Lagrangian relaxation of the position's integer programme: how
// many of each possible meld to build (cards counted by kind, both copies
// alike), which own cards to use, and which original meld each new meld is
// matched to. With a price on each kind's count and on each original meld's one
// match, every possible meld is chosen on its own (0–2 copies, matched to the
// originals it gains most from), so one evaluation is a pass over the melds;
// the prices move by subgradient steps towards the lowest bound. Any prices give
// a valid bound, so the bound never depends on how far the steps got.

import { type CardId, CARDS_PER_DECK, checkMeld, type MeldRules } from "@/engine";
import { filled } from "./arrays";
import { linearPrices } from "./linear";
import type { SearchOutcome } from "./outcome";

/** One placed card outweighs every kept card: there are at most 104 cards. */
export const PLACED_WEIGHT = 128;

const KINDS = 52;
const RANKS = 13;
/** A suit's running sums of its kinds' prices, twice round the ranks (for runs through the Ace). */
const SUM_STRIDE = 2 * RANKS + 1;
/** A card's kind, both copies alike: suit * 13 + rank - 1. */
export const kindOf = (card: CardId) => card % CARDS_PER_DECK;

/**
 * How much of the last step's direction each step keeps (a deflected
 * subgradient): plain steps zigzag, and on the positions the rank programme
 * cannot finish, 3,000 steps reach the optimum's value most often at 0.95
 * (less often at 0.8, least with plain steps).
 */
const DEFLECTION = 0.95;
/**
 * How the steps go: the step size halves after `stall` steps without a
 * lower bound, and the steps stop after `halvings` of them.
 */
export interface Pace {
  stall: number;
  halvings: number;
}
/**
 * After 20 steps without a lower bound, the steps vanished at a kink well
 * above the relaxation's value on positions it does not settle; after 50,
 * the bound reaches that value within 1,000–2,000 steps. Stopping after ten
 * halvings (500 steps at least without a lower bound) answers alike in less
 * time: of 3,000 steps, the last that lowers the bound by more than 0.01
 * comes at about the thousandth at the median.
 */
export const STEADY: Pace = { stall: 50, halvings: 10 };
/**
 * The branch and bound's nodes take all their steps: with the stop, its
 * nodes settled less, and positions went over the budget.
 */
export const PATIENT: Pace = { stall: 50, halvings: Infinity };
/**
 * Slower steps, for where the steady ones stop above the relaxation's value.
 * With the count, the linear relaxation mostly has the optimum's value;
 * steady steps can stop 9–21 points above it, where steps halving after 100
 * end at it far more often, for half as much time again: too much to run
 * everywhere, so only where the reduced search is unsure.
 */
export const SLOW: Pace = { stall: 100, halvings: 8 };
/**
 * The box the prices stay in. Any prices give a valid bound, and optimal ones
 * lie well inside (a kind is worth at most an own card and the cards it may
 * keep; a meld shares at most 13 kinds with an original): outside it, a step
 * target far below the optimum sent prices to 1e10, where float sums lose the
 * bound's last digits.
 */
const PRICE_LIMIT = 4 * PLACED_WEIGHT;
const MATCH_LIMIT = 13;

/** Every meld of card kinds the rule set allows, once per rule set. */
const meldsByRules = new Map<string, readonly (readonly number[])[]>();

export function allMelds(rules: MeldRules): readonly (readonly number[])[] {
  let melds = meldsByRules.get(rules.id);
  if (!melds) {
    const found: number[][] = [];
    for (let rank = 0; rank < 13; rank++)
      for (let mask = 0; mask < 16; mask++) {
        const suits = [0, 1, 2, 3].filter((s) => mask & (1 << s));
        if (suits.length >= 3) found.push(suits.map((s) => s * 13 + rank));
      }
    for (let suit = 0; suit < 4; suit++)
      for (let start = 0; start < 13; start++)
        for (let length = 3; length <= Math.min(rules.maxRunLength, 13); length++) {
          const kinds = filled(length, (k) => suit * 13 + ((start + k) % 13));
          // The game's own test, on copy-0 cards of these kinds (card id = kind).
          if (checkMeld(rules, kinds).ok) found.push(kinds);
        }
    meldsByRules.set(rules.id, (melds = found));
  }
  return melds;
}

/**
 * The relaxed programme of one position, and the prices of its lowest bound
 * so far: with them, what each possible meld adds to the bound (`meldTerm`)
 * lets the rank programme bound what a partial arrangement can still gain.
 */
export class Relaxation {
  /** the possible melds, as card kinds: every kind among the cards at hand */
  readonly melds: readonly (readonly number[])[];
  /** per kind: table cards, own cards */
  readonly table = new Float64Array(KINDS);
  readonly mine = new Float64Array(KINDS);
  /** the prices of the lowest bound: per kind, per original meld's match */
  readonly price: Float64Array;
  readonly matchPrice: Float64Array;
  /** the price on the count of own cards placed, when it is known */
  placedPrice = 0;
  bound = Infinity;
  /** per meld: how many copies can be built (0–2) */
  readonly copies: number[];
  /** per meld: the originals it shares kinds with, and how many, in pairs */
  readonly shares: number[][];
  // The melds' kinds and shares flat, from meld c's start to meld c + 1's: the steps read them.
  private readonly kindsAt: Int32Array;
  private readonly kindsFrom: Int32Array;
  private readonly sharesAt: Int32Array;
  private readonly sharesFrom: Int32Array;
  /** per meld: a run's suit (-1 for a set) and first rank (0 = Ace) */
  private readonly runSuit: Int8Array;
  private readonly runStart: Int8Array;
  /** per meld: the most kinds it shares with one original */
  private readonly mostShared: Int8Array;
  // What meldValue found: the copies built, the originals they are matched to.
  private built = 0;
  private m1 = -1;
  private m2 = -1;
  /** per meld: the fewest and most copies the relaxed programme may build (branches narrow them; the reduced search reads them) */
  readonly least: Uint8Array;
  readonly most: Uint8Array;
  /** per meld: copies built, summed over the second half of lower's steps */
  private readonly builtSum: Float64Array;
  private summed = 0;
  // The last step's choice: per meld the copies built and the originals matched
  // (first copy, second); per kind the cards used.
  private readonly step: {
    built: Uint8Array;
    first: Int32Array;
    second: Int32Array;
    used: Int32Array;
  };
  /**
   * The best choice of any step that was an arrangement (every table card
   * used, own cards within the hand, the count met), and what it is worth
   * at least, each original matched once: the Lagrangian's own solutions.
   */
  found: { worth: number; built: Uint8Array; first: Int32Array; second: Int32Array } | null = null;

  /**
   * With `placed`, only arrangements placing exactly that many own cards are
   * bounded: when it is the proven most, the optimum and every goal of the
   * rank programme do, and the relaxation can no longer trade half an own
   * card for kept ones.
   */
  constructor(
    rules: MeldRules,
    private readonly original: readonly (readonly CardId[])[],
    private readonly own: readonly CardId[],
    readonly count: number | null = null,
  ) {
    const { table, mine } = this;
    for (const meld of original) for (const c of meld) table[kindOf(c)]!++;
    for (const c of own) mine[kindOf(c)]!++;
    this.melds = allMelds(rules).filter((kinds) => kinds.every((k) => table[k]! + mine[k]! > 0));
    this.copies = this.melds.map((kinds) => Math.min(2, ...kinds.map((k) => table[k]! + mine[k]!)));
    // Per kind, the original melds holding it (a meld holds a kind once).
    const holding: number[][] = filled(KINDS, () => []);
    original.forEach((meld, m) => {
      for (const c of meld) holding[kindOf(c)]!.push(m);
    });
    const shared = new Int32Array(original.length);
    this.shares = this.melds.map((kinds) => {
      for (const k of kinds) for (const m of holding[k]!) shared[m]!++;
      const pairs: number[] = [];
      for (let m = 0; m < shared.length; m++)
        if (shared[m]! > 0) {
          pairs.push(m, shared[m]!);
          shared[m] = 0;
        }
      return pairs;
    });
    [this.kindsAt, this.kindsFrom] = flatten(this.melds);
    // Sets hold one kind per suit; a run's first two kinds share a suit.
    const suitOf = (kind: number) => Math.floor(kind / RANKS);
    this.runSuit = Int8Array.from(this.melds, (kinds) =>
      suitOf(kinds[0]!) === suitOf(kinds[1]!) ? suitOf(kinds[0]!) : -1,
    );
    this.runStart = Int8Array.from(this.melds, (kinds) => kinds[0]! % RANKS);
    this.mostShared = Int8Array.from(this.shares, (pairs) =>
      Math.max(0, ...pairs.filter((_, j) => j % 2 === 1)),
    );
    [this.sharesAt, this.sharesFrom] = flatten(this.shares);
    // A kind's price starts at what one card of it is worth: an own card's weight, or one kept.
    this.price = Float64Array.from(mine, (n) => (n > 0 ? -PLACED_WEIGHT : -1));
    this.matchPrice = new Float64Array(original.length);
    this.least = new Uint8Array(this.melds.length);
    this.most = Uint8Array.from(this.copies);
    this.builtSum = new Float64Array(this.melds.length);
    const n = this.melds.length;
    this.step = {
      built: new Uint8Array(n),
      first: new Int32Array(n),
      second: new Int32Array(n),
      used: new Int32Array(KINDS),
    };
  }

  /**
   * What meld c adds to the bound at these prices: its copies (0–2) matched to
   * the originals it gains most from, when that is worth more than nothing.
   */
  private meldValue(
    c: number,
    cost: number,
    matchPrice: Float64Array,
    among?: (original: number) => boolean,
  ): number {
    const { sharesAt } = this;
    // The two originals this meld gains most from (a meld is built at most twice).
    let m1 = -1;
    let g1 = 0;
    let m2 = -1;
    let g2 = 0;
    for (let j = this.sharesFrom[c]!, end = this.sharesFrom[c + 1]!; j < end; j += 2) {
      const m = sharesAt[j]!;
      if (among && !among(m)) continue;
      const gain = sharesAt[j + 1]! - matchPrice[m]!;
      if (gain > g1) {
        m2 = m1;
        g2 = g1;
        m1 = m;
        g1 = gain;
      } else if (gain > g2) {
        m2 = m;
        g2 = gain;
      }
    }
    // The best number of copies within the meld's range (0–2).
    const one = g1 - cost;
    const two = one + g2 - cost;
    const least = this.least[c]!;
    const most = this.most[c]!;
    let built = least;
    let worth = least === 0 ? 0 : least === 1 ? one : two;
    if (least === 0 && most >= 1 && one > worth) {
      built = 1;
      worth = one;
    }
    if (most >= 2 && two > worth) {
      built = 2;
      worth = two;
    }
    this.built = built;
    this.m1 = m1;
    this.m2 = m2;
    return worth;
  }

  /**
   * What meld c adds to the lowest bound found, at its prices; with
   * `costed`, only the kinds it accepts are priced (the others are paid
   * for), and with `among`, it is matched only to the originals it accepts.
   */
  meldTerm(
    c: number,
    costed?: (kind: number) => boolean,
    among?: (original: number) => boolean,
  ): number {
    return this.meldValue(c, this.meldCost(c, this.price, costed), this.matchPrice, among);
  }

  /** Meld c's kinds at `price` (only those `costed` accepts, when given). */
  meldCost(c: number, price = this.price, costed?: (kind: number) => boolean): number {
    let cost = 0;
    for (let j = this.kindsFrom[c]!, end = this.kindsFrom[c + 1]!; j < end; j++) {
      const k = this.kindsAt[j]!;
      if (!costed || costed(k)) cost += price[k]!;
    }
    return cost;
  }

  /**
   * Lowers the bound by up to `iterations` subgradient steps from the prices
   * of the lowest so far, stopping once it is below `goal`; returns it.
   * `target` is a value some arrangement reaches, which sizes the steps.
   */
  lower(target: number, goal: number, iterations: number, pace = STEADY): number {
    const { table, mine, melds } = this;
    const original = this.matchPrice.length;
    const price = Float64Array.from(this.price);
    const matchPrice = Float64Array.from(this.matchPrice);
    const kindGrad = new Float64Array(KINDS);
    const matchGrad = new Float64Array(original);
    const kindDir = new Float64Array(KINDS);
    const matchDir = new Float64Array(original);
    const runningSum = new Float64Array(4 * SUM_STRIDE);
    let placedPrice = this.placedPrice;
    let placedDir = 0;
    let scale = 1;
    const minScale = 2 ** -pace.halvings;
    let sinceBetter = 0;
    this.builtSum.fill(0);
    this.summed = 0;
    for (let it = 0; it < iterations && this.bound >= goal; it++) {
      const summing = 2 * it >= iterations;
      if (summing) this.summed++;
      let bound = this.count === null ? 0 : placedPrice * this.count;
      let placedGrad = this.count ?? 0;
      for (let k = 0; k < KINDS; k++) {
        bound += price[k]! * table[k]!;
        kindGrad[k] = table[k]!;
        const worth = PLACED_WEIGHT + price[k]! - placedPrice;
        if (mine[k]! > 0 && worth > 0) {
          bound += mine[k]! * worth;
          kindGrad[k]! += mine[k]!;
          placedGrad -= mine[k]!;
        }
      }
      for (let m = 0; m < original; m++) {
        bound += matchPrice[m]!;
        matchGrad[m] = 1;
      }
      this.step.used.fill(0);
      // A run's kinds are consecutive ranks of one suit: its cost is a
      // difference of the suit's running sums.
      for (let s = 0; s < 4; s++)
        for (let r = 0, at = s * SUM_STRIDE; r < 2 * RANKS; r++, at++)
          runningSum[at + 1] = runningSum[at]! + price[s * RANKS + (r % RANKS)]!;
      for (let c = 0; c < melds.length; c++) {
        const suit = this.runSuit[c]!;
        const from = suit * SUM_STRIDE + this.runStart[c]!;
        const cost =
          suit >= 0
            ? runningSum[from + melds[c]!.length]! - runningSum[from]!
            : this.meldCost(c, price);
        // No match gains more than its shared kinds (match prices are not
        // negative): a meld that cannot pay for itself is not built.
        if (cost >= this.mostShared[c]! && this.least[c] === 0) {
          this.step.built[c] = 0;
          continue;
        }
        bound += this.meldValue(c, cost, matchPrice);
        if (summing) this.builtSum[c]! += this.built;
        this.step.built[c] = this.built;
        this.step.first[c] = this.m1;
        this.step.second[c] = this.m2;
        if (this.built === 0) continue;
        for (let j = this.kindsFrom[c]!, end = this.kindsFrom[c + 1]!; j < end; j++) {
          kindGrad[this.kindsAt[j]!]! -= this.built;
          this.step.used[this.kindsAt[j]!]! += this.built;
        }
        if (this.m1 >= 0) matchGrad[this.m1]!--;
        if (this.built === 2 && this.m2 >= 0) matchGrad[this.m2]!--;
      }
      this.keepIfArrangement();
      if (bound < this.bound - 1e-9) {
        [this.bound, sinceBetter] = [bound, 0];
        this.price.set(price);
        this.matchPrice.set(matchPrice);
        this.placedPrice = placedPrice;
      } else if (++sinceBetter >= pace.stall) [scale, sinceBetter] = [scale / 2, 0];
      if (scale < minScale) break;
      if (this.bound < goal) break;
      let norm = 0;
      for (let k = 0; k < KINDS; k++)
        norm += (kindDir[k] = kindGrad[k]! + DEFLECTION * kindDir[k]!) ** 2;
      for (let m = 0; m < original; m++)
        norm += (matchDir[m] = matchGrad[m]! + DEFLECTION * matchDir[m]!) ** 2;
      if (this.count !== null) norm += (placedDir = placedGrad + DEFLECTION * placedDir) ** 2;
      // A zero subgradient: these prices are optimal, the bound is the relaxation's.
      if (norm === 0) break;
      const step = (scale * Math.max(bound - target, 1)) / norm;
      for (let k = 0; k < KINDS; k++)
        price[k] = clamp(price[k]! - step * kindDir[k]!, -PRICE_LIMIT, PRICE_LIMIT);
      for (let m = 0; m < original; m++)
        matchPrice[m] = clamp(matchPrice[m]! - step * matchDir[m]!, 0, MATCH_LIMIT);
      // An equality: its price may take either sign.
      placedPrice = clamp(placedPrice - step * placedDir, -PRICE_LIMIT, PRICE_LIMIT);
    }
    return this.bound;
  }

  /**
   * The bound at the linear programme's dual values (linear.ts), when it is
   * lower than the lowest so far, else that; the prices stay as they were.
   * Only where no branch narrows a meld's copies: the programme knows no ranges.
   */
  linearBound(pivots: number): number {
    const prices = linearPrices(
      {
        melds: this.melds,
        shares: this.shares,
        table: this.table,
        mine: this.mine,
        originals: this.matchPrice.length,
        count: this.count,
        placedWeight: PLACED_WEIGHT,
      },
      pivots,
    );
    if (!prices) return this.bound;
    const was = this.snapshot();
    this.restore({ ...prices, bound: Infinity });
    // One step works the bound out at these prices.
    const bound = this.lower(0, -Infinity, 1);
    this.restore(was);
    return Math.min(bound, was.bound);
  }

  /** The prices and their bound, to go back to. */
  private snapshot(): Snapshot {
    return {
      bound: this.bound,
      price: Float64Array.from(this.price),
      matchPrice: Float64Array.from(this.matchPrice),
      placedPrice: this.placedPrice,
    };
  }

  private restore(snapshot: Snapshot): void {
    this.bound = snapshot.bound;
    this.price.set(snapshot.price);
    this.matchPrice.set(snapshot.matchPrice);
    this.placedPrice = snapshot.placedPrice;
  }

  /**
   * Keeps the last step's choice in `found` when it is an arrangement (each
   * kind used by as many cards as the table has, or more from the hand)
   * worth more.
   */
  private keepIfArrangement(): void {
    const { table, mine, step } = this;
    let placed = 0;
    for (let k = 0; k < KINDS; k++) {
      const used = step.used[k]!;
      if (used < table[k]! || used > table[k]! + mine[k]!) return;
      placed += used - table[k]!;
    }
    if (this.count !== null && placed !== this.count) return;
    const matched = new Set<number>();
    let worth = placed * PLACED_WEIGHT;
    for (let c = 0; c < this.melds.length; c++)
      for (const [copy, m] of [step.first[c]!, step.second[c]!].entries()) {
        if (copy >= step.built[c]! || m < 0 || matched.has(m)) continue;
        matched.add(m);
        worth += this.shareOf(c, m);
      }
    if (this.found && this.found.worth >= worth) return;
    this.found = {
      worth,
      built: Uint8Array.from(step.built),
      first: Int32Array.from(step.first),
      second: Int32Array.from(step.second),
    };
  }

  /**
   * The cards of the arrangement `found`: each meld copy takes the cards of
   * its matched original where it has them, then the table's other cards of
   * its kinds, then own cards. Null when no step was an arrangement.
   */
  arrangement(): CardId[][] | null {
    const { found } = this;
    if (!found) return null;
    const left: { card: CardId; origin: number }[][] = filled(KINDS, () => []);
    this.original.forEach((meld, origin) =>
      meld.forEach((card) => left[kindOf(card)]!.push({ card, origin })),
    );
    for (const card of this.own) left[kindOf(card)]!.push({ card, origin: -1 });
    const copies: { kinds: readonly number[]; origin: number; cards: CardId[] }[] = [];
    this.melds.forEach((kinds, c) => {
      for (let copy = 0; copy < found.built[c]!; copy++)
        copies.push({ kinds, origin: [found.first, found.second][copy]![c]!, cards: [] });
    });
    const take = (kind: number, which: (origin: number) => boolean) => {
      const at = left[kind]!.findIndex(({ origin }) => which(origin));
      return at < 0 ? undefined : left[kind]!.splice(at, 1)[0]!.card;
    };
    for (const copy of copies)
      copy.cards = copy.kinds.map((k) =>
        copy.origin >= 0 ? (take(k, (origin) => origin === copy.origin) ?? -1) : -1,
      );
    // Every table card is used (the arrangement's test), so table cards go first.
    for (const copy of copies)
      copy.cards = copy.cards.map((card, j) => {
        const kind = copy.kinds[j]!;
        return card >= 0 ? card : (take(kind, (origin) => origin >= 0) ?? take(kind, () => true)!);
      });
    return copies.map((copy) => copy.cards);
  }

  /** The kinds meld c shares with original m. */
  private shareOf(c: number, m: number): number {
    for (let j = this.sharesFrom[c]!, end = this.sharesFrom[c + 1]!; j < end; j += 2)
      if (this.sharesAt[j] === m) return this.sharesAt[j + 1]!;
    return 0;
  }

  /**
   * Whether no arrangement is worth `goal` or more, by branch and bound on
   * the relaxation: a node whose bound falls below the goal holds none; any
   * other splits the copies of its most fractional meld (as the steps'
   * average builds it) into fewer and more, each from the parent's prices.
   * `leaf` (the reduced search, at the node's prices and ranges) may settle
   * a node first, or find an arrangement reaching the goal, left in `found`.
   * False when there is one, or when `nodes` nodes do not settle it. The
   * relaxation is left as it was (the rank programme reads its prices).
   */
  excludes(
    goal: number,
    nodes: number,
    steps: number,
    leaf?: (goal: number) => SearchOutcome,
  ): boolean {
    const saved = this.snapshot();
    let left = nodes;
    const settle = (): boolean => {
      if (left-- <= 0) return false;
      this.bound = Infinity;
      // Steps aimed just below the goal: the bound only has to pass it.
      if (this.lower(goal - 1, goal, steps, PATIENT) < goal - 1e-6) return true;
      // A step's choice was an arrangement reaching the goal: there is one.
      if (this.found && this.found.worth >= goal) return false;
      const outcome = leaf?.(goal);
      if (outcome === "none") return true;
      if (outcome === "found") return false;
      let split = -1;
      let fraction = 0;
      for (let c = 0; c < this.melds.length; c++) {
        const mean = this.builtSum[c]! / Math.max(this.summed, 1);
        const f = Math.min(mean - Math.floor(mean), Math.ceil(mean) - mean);
        if (this.least[c]! < this.most[c]! && f > fraction + 1e-9) [split, fraction] = [c, f];
      }
      // The steps agree on whole copies: nothing to split on.
      if (split < 0) return false;
      const fewer = Math.floor(this.builtSum[split]! / this.summed);
      // Each child starts from this node's prices (its bound is worked out anew).
      const prices = this.snapshot();
      const branch = (bound: Uint8Array, value: number) => {
        const was = bound[split]!;
        bound[split] = value;
        this.restore(prices);
        const settled = settle();
        bound[split] = was;
        return settled;
      };
      return branch(this.most, fewer) && branch(this.least, fewer + 1);
    };
    const settled = settle();
    this.restore(saved);
    return settled;
  }
}

interface Snapshot {
  bound: number;
  price: Float64Array;
  matchPrice: Float64Array;
  placedPrice: number;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** Lists end to end, with where each starts (and, last, where they end). */
function flatten(lists: readonly (readonly number[])[]): [Int32Array, Int32Array] {
  const from = new Int32Array(lists.length + 1);
  lists.forEach((list, c) => (from[c + 1] = from[c]! + list.length));
  const flat = new Int32Array(from[lists.length]!);
  lists.forEach((list, c) => flat.set(list, from[c]!));
  return [flat, from];
}
