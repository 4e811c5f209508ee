// The position as the rank programme reads it: the ranks in processing order
// from a cut rank round the cycle, each rank's cards per suit, and what is
// known of them before any search (how far each suit's cards go on, which
// runs can cross the cut, the cards before and after each index).

import { type CardId, rankOf, SUITS, suitIndex, type MeldRules } from "@/engine";
import { filled } from "./arrays";
import { chainFits, meldMarks } from "./greedy";

export const RANKS = 13;
export const SUIT_COUNT = SUITS.length;
export const LAST = RANKS - 1;
export const LAST_SUIT = SUIT_COUNT - 1;

/** A physical card's origin when it is an own card, not a table card. */
export const HAND = -1;

export interface OriginalMeld {
  kind: "run" | "set";
  /** in reading order */
  cards: readonly CardId[];
}

/** A card and where it comes from: the original meld's index, or HAND. */
export interface Phys {
  id: CardId;
  origin: number;
}

export interface RunInfo {
  suit: number;
  crossing: boolean;
  /** the processing indices of its first and last cards (read only where it does not cross the cut) */
  first: number;
  last: number;
}

export class Layout {
  /** the longest run the rule set allows, within the cycle */
  readonly longest: number;
  private readonly cut: number;
  /** per processing index and suit: how many of the next ranks have cards, before the cut */
  private readonly ahead: number[][];
  /** own cards at processing index i and after */
  readonly ownAfter: number[];
  /** table cards before processing index i */
  readonly tableBefore: number[];
  /** per processing index b: own cards from b on that might go down with no table card from b on moved */
  readonly stillFree: number[];
  /** per suit: whether a run can cross the cut at all */
  readonly crossable: boolean[];
  /** per suit: whether a run there could be longer than the limit, so lengths are tracked */
  readonly lengthMatters: boolean[];
  private readonly table: Phys[][][];
  private readonly hand: CardId[][][];
  private readonly setsAt: number[][];
  /** per original meld: what the programme needs of it, when it is a run */
  private readonly runInfo: (RunInfo | undefined)[] = [];
  /** per suit: the original runs that cross the cut */
  private readonly crossing: number[][] = filled(SUIT_COUNT, () => []);
  private readonly startingAt: number[][][];
  /** per space (i * SUIT_COUNT + s) and number of cards given out: cardOrders */
  private readonly orderCache: Phys[][][][] = [];

  constructor(
    readonly rules: MeldRules,
    melds: readonly OriginalMeld[],
    own: readonly CardId[],
  ) {
    // A classic run holds each rank once, so 13 never binds there.
    this.longest = Math.min(rules.maxRunLength, RANKS);
    const grid = <T>(): T[][][] => filled(RANKS, () => filled(SUIT_COUNT, () => []));
    this.table = grid<Phys>();
    this.hand = grid<CardId>();
    this.setsAt = filled(RANKS, () => []);
    melds.forEach((meld, origin) => {
      for (const id of meld.cards) this.table[rankOf(id) - 1]![suitIndex(id)]!.push({ id, origin });
      if (meld.kind === "set") this.setsAt[rankOf(meld.cards[0]!) - 1]!.push(origin);
    });
    for (const id of own) this.hand[rankOf(id) - 1]![suitIndex(id)]!.push(id);
    this.cut = this.chooseCut();
    // per processing index and suit: whether it has a card, table's or own
    const has: boolean[][] = [];
    for (let i = 0; i < RANKS; i++) {
      const row: boolean[] = [];
      for (let s = 0; s < SUIT_COUNT; s++)
        row.push(this.tableAt(i, s).length + this.handAt(i, s).length > 0);
      has.push(row);
    }
    this.ahead = [];
    for (let i = LAST; i >= 0; i--)
      this.ahead[i] = [0, 1, 2, 3].map((s) =>
        i < LAST && has[i + 1]![s] ? this.ahead[i + 1]![s]! + 1 : 0,
      );
    // A run across the cut holds three ranks in a row with cards, the last
    // and first processed among them; in classic, the Ace is not the middle one.
    const middleOk = (i: number) => rules.wrapsThroughAce || this.orderRank(i) !== 0;
    this.crossable = [0, 1, 2, 3].map(
      (s) =>
        has[0]![s]! &&
        has[LAST]![s]! &&
        ((has[LAST - 1]![s]! && middleOk(LAST)) || (has[1]![s]! && middleOk(0))),
    );
    this.ownAfter = [];
    this.ownAfter[RANKS] = 0;
    for (let i = LAST; i >= 0; i--) {
      let n = this.ownAfter[i + 1]!;
      for (let s = 0; s < SUIT_COUNT; s++) n += this.handAt(i, s).length;
      this.ownAfter[i] = n;
    }
    this.stillFree = this.countStillFree(melds);
    this.tableBefore = [0];
    for (let i = 0; i < RANKS; i++) {
      let n = this.tableBefore[i]!;
      for (let s = 0; s < SUIT_COUNT; s++) n += this.tableAt(i, s).length;
      this.tableBefore.push(n);
    }
    // Lengths matter only where a run could outgrow the rule set's limit.
    this.lengthMatters = [0, 1, 2, 3].map((s) => {
      // The longest stretch of ranks with cards, round the cycle (twice round at most).
      let [longest, n] = [0, 0];
      for (let k = 0; k < 3 * RANKS; k++) {
        n = has[k % RANKS]![s] ? n + 1 : 0;
        longest = Math.max(longest, Math.min(n, 2 * RANKS));
      }
      return longest > this.longest;
    });
    this.startingAt = grid<number>();
    melds.forEach((meld, origin) => {
      if (meld.kind !== "run") return;
      const at = meld.cards.map((c) => this.indexOf(rankOf(c) - 1));
      const crossing = at.some((p, j) => p === LAST && at[j + 1] === 0);
      const info = { suit: suitIndex(meld.cards[0]!), crossing, first: at[0]!, last: at.at(-1)! };
      this.runInfo[origin] = info;
      if (crossing) this.crossing[info.suit]!.push(origin);
      else this.startingAt[info.first]![info.suit]!.push(origin);
    });
  }

  /** Processing index of a rank (0 = first processed). */
  indexOf(rank: number): number {
    return (rank - this.cut + RANKS) % RANKS;
  }

  /**
   * Where to cut the cycle of ranks: where the fewest original runs and the
   * fewest possible new runs cross, since everything crossing is carried
   * through the whole programme.
   */
  private chooseCut(): number {
    let best = 0;
    let bestScore = Infinity;
    for (let cut = 0; cut < RANKS; cut++) {
      const before = (cut + LAST) % RANKS;
      let score = 0;
      for (let s = 0; s < SUIT_COUNT; s++) {
        score += Math.min(
          this.table[before]![s]!.length + this.hand[before]![s]!.length,
          this.table[cut]![s]!.length + this.hand[cut]![s]!.length,
        );
        // Original runs through both ranks: at most two cards each side.
        for (const p of this.table[cut]![s]!)
          if (this.table[before]![s]!.some((q) => q.origin === p.origin)) score += 100;
      }
      if (score < bestScore) [best, bestScore] = [cut, score];
    }
    return best;
  }

  /**
   * Per processing index b: the own cards from b on that might be placed
   * with no table card from b on moved (generously: an upper bound). Such a
   * card fills the missing suit of an original set, or joins a set of own
   * cards and original runs' cards (a set may claim a run through one
   * card: the run's other cards move), or lies in a chain of own cards of
   * its suit that is three long, touches an original run's end, reaches
   * back to b (a run open there) or on to the last index (a piece across
   * the cut).
   */
  private countStillFree(melds: readonly OriginalMeld[]): number[] {
    const kind = (r: number, s: number) => s * RANKS + r;
    const own = new Uint8Array(52);
    const runCard = new Uint8Array(52);
    for (let r = 0; r < RANKS; r++)
      for (let s = 0; s < SUIT_COUNT; s++) own[kind(r, s)] = this.hand[r]![s]!.length > 0 ? 1 : 0;
    for (const meld of melds)
      if (meld.kind === "run") for (const c of meld.cards) runCard[c % 52] = 1;
    const marks = meldMarks(melds.map((m) => m.cards));
    // per processing index and suit: how many indices up to it hold own cards of the suit, in a row
    const back = filled(RANKS, () => filled(SUIT_COUNT, () => 0));
    for (let j = 0; j < RANKS; j++)
      for (let s = 0; s < SUIT_COUNT; s++)
        back[j]![s] = own[kind(this.orderRank(j), s)] ? (j > 0 ? back[j - 1]![s]! : 0) + 1 : 0;
    const free = filled(RANKS, (j) =>
      filled(SUIT_COUNT, (s) => {
        const r = this.orderRank(j);
        // Own cards' suits, and one more for a run claimed through its card.
        let suits = 0;
        let claim = 0;
        for (let t = 0; t < SUIT_COUNT; t++)
          if (own[kind(r, t)]) suits++;
          else if (runCard[kind(r, t)]) claim = 1;
        if (marks.gap[kind(r, s)] || suits + claim >= 3) return true;
        if (chainFits(own, marks, kind(r, s))) return true;
        return this.crossable[s]! && back[LAST]![s]! >= RANKS - j;
      }),
    );
    return filled(RANKS + 1, (b) => {
      let n = 0;
      for (let j = b; j < RANKS; j++)
        for (let s = 0; s < SUIT_COUNT; s++)
          // Otherwise it may continue a run open before b.
          if (free[j]![s] || back[j]![s]! >= j - b + 1)
            n += this.hand[this.orderRank(j)]![s]!.length;
      return n;
    });
  }

  /** The rank (0 = Ace) at processing index i. */
  orderRank(i: number): number {
    return (i + this.cut) % RANKS;
  }

  /** Suit s's table cards at processing index i. */
  tableAt(i: number, s: number): Phys[] {
    return this.table[this.orderRank(i)]![s]!;
  }

  /** Suit s's own cards at processing index i. */
  handAt(i: number, s: number): CardId[] {
    return this.hand[this.orderRank(i)]![s]!;
  }

  /** Which of the original sets at processing index i meld `origin` is (0 or 1), or -1. */
  setIndex(i: number, origin: number): number {
    return this.setsAt[this.orderRank(i)]!.indexOf(origin);
  }

  info(origin: number): RunInfo | undefined {
    return this.runInfo[origin];
  }

  /** Suit s's original runs that do not cross the cut and start at processing index i. */
  starting(i: number, s: number): number[] {
    return this.startingAt[i]![s]!;
  }

  /** Suit s's original runs that cross the cut. */
  crossingRuns(s: number): number[] {
    return this.crossing[s]!;
  }

  /**
   * Whether an incoming piece taking a card of original run `origin` at
   * processing index i may meet that run again before the cut: the run does
   * not cross it, and goes on to where a part before the cut could start,
   * the piece and that part within the longest run.
   */
  mayRejoin(i: number, origin: number): boolean {
    const info = this.runInfo[origin]!;
    return (
      this.rules.wrapsThroughAce && !info.crossing && info.last >= i + 1 + RANKS - this.longest
    );
  }

  /**
   * The orders in which suit s can give out k cards of processing index i:
   * all its table cards, then own cards; the same for every state.
   */
  cardOrders(i: number, s: number, k: number): Phys[][] {
    const memo = (this.orderCache[i * SUIT_COUNT + s] ??= []);
    let orders = memo[k];
    if (!orders) {
      const table = this.tableAt(i, s);
      const own = this.handAt(i, s).slice(0, k - table.length);
      memo[k] = orders = permutations([...table, ...own.map((id) => ({ id, origin: HAND }))]);
    }
    return orders;
  }

  /** Whether a run of this length at processing index i can still reach three cards. */
  canComplete(i: number, s: number, len: number): boolean {
    if (len >= 3) return true;
    const ahead = this.ahead[i]![s]!;
    return ahead >= 3 - len || (i + ahead === LAST && this.crossable[s]!);
  }
}

function permutations(cards: readonly Phys[]): Phys[][] {
  if (cards.length < 2) return [[...cards]];
  const [a, b] = cards as [Phys, Phys];
  return a.origin === b.origin
    ? [[a, b]]
    : [
        [a, b],
        [b, a],
      ];
}
