// The exact search: an incumbent and cheap bounds first (greedy.ts), the
// passes at no move, one or two, then the rank programme (programme.ts) under
// caps rising on the table cards moved, with the relaxation's bound (bound.ts)
// and its searches (reduced.ts) once the caps grow costly. docs/solver.md has
// the long version.

import { type CardId, rankOf, suitIndex, type MeldRules } from "@/engine";
import { concatenated, filled } from "./arrays";
import { type Pace, PLACED_WEIGHT, Relaxation, SLOW } from "./bound";
import { TooComplexError } from "./errors";
import { type Arrangement, fewestMoved, greedyArrangement, score, touchedMelds } from "./greedy";
import { type OriginalMeld, RANKS, SUIT_COUNT } from "./layout";
import { mostPlaced } from "./most";
import { RankProgramme } from "./programme";
import { mostByRelaxation, searchReduced } from "./reduced";
import {
  AFTER_TWO_MOVES,
  BEAM,
  BOUND_STEPS,
  BRANCH_NODES,
  BRANCH_STEPS,
  CAP_LADDER,
  COUNT_FIRST,
  COUNT_SEARCH,
  LEAF_NODES,
  LINEAR_PIVOTS,
  NARROW_WIDTHS,
  ONE_MOVE_OPTIONS,
  REDUCED_NODES,
  RELAX_AFTER,
  TWO_MOVES_AFTER,
} from "./tuning";

/** The optimum, or, when the budget of states does not reach it, the states it would need. */
export type ExactResult =
  { kind: "best"; best: Arrangement } | { kind: "too-complex"; states: number };

/** The most own cards that can be placed, and how far that is known. */
interface Count {
  most: number;
  /** whether `most` is proven: otherwise it is every useful own card, and reaching it proves it */
  counted: boolean;
  /** the relaxation that settled the count, when it took one: the bound goes on from it */
  relaxation: Relaxation | null;
}

export function solveExact(
  rules: MeldRules,
  melds: readonly OriginalMeld[],
  own: readonly CardId[],
  budget: number,
): ExactResult {
  const original = melds.map((m) => m.cards);
  const useful = usefulOwn(rules, concatenated(original), own);
  const tableCards = melds.reduce((sum, m) => sum + m.cards.length, 0);
  // A fast arrangement first: most positions place every useful own card
  // (then `useful` proves the count) and move few table cards.
  const incumbent = greedyArrangement(rules, original, useful);
  // The count is proven when the incumbent places every useful own card;
  // otherwise `countMost` gives the most. When counting outgrows the budget,
  // the goal stays every useful card: reaching it proves it.
  const count: Count = { most: useful.length, counted: true, relaxation: null };
  if (incumbent.placed < count.most) {
    const counted = countMost(rules, original, useful, incumbent.placed, budget);
    if (counted === null) count.counted = false;
    else [count.most, count.relaxation] = [counted.most, counted.relaxation];
  }
  const { most } = count;
  const incumbentMoves = movedBy(incumbent, most, tableCards);
  let fewest = fewestMoved(original, useful, most, incumbentMoves);
  if (incumbentMoves <= fewest) return { kind: "best", best: incumbent };
  // Where the bound leaves room for no move or one, and the incumbent moves
  // at most two more, the programme's pass at that cap over only the melds
  // such an arrangement can change settles it cheaply. (Where the incumbent
  // moves more or places fewer, such an arrangement is rarer, and the caps'
  // own pass starts their trail.)
  while (fewest <= 1 && incumbentMoves <= fewest + 2) {
    const few = withinMoves(rules, melds, useful, most, fewest, budget);
    if (few) return { kind: "best", best: few };
    if (few === undefined) break;
    fewest++;
    if (incumbentMoves <= fewest) return { kind: "best", best: incumbent };
  }
  return new CapSearch(rules, melds, useful, budget, count, incumbent, fewest).solve();
}

/** The table cards an arrangement moves, or Infinity when it places fewer than the most. */
function movedBy(arrangement: Arrangement, most: number, tableCards: number): number {
  return arrangement.placed === most ? tableCards - arrangement.kept : Infinity;
}

/**
 * The rank programme looks only for arrangements that beat the incumbent,
 * under caps rising from the lower bound on the cards moved: the first cap
 * under which it finds one gives the optimum, since every arrangement moving
 * no more than the cap was in play; none up to the incumbent's moves less one
 * proves the incumbent. Once the caps grow costly, the relaxation's bound
 * (bound.ts) on what any arrangement is worth may prove the best arrangement
 * so far, and rules out every cap below the moves it leaves possible.
 */
class CapSearch {
  private readonly original: readonly (readonly CardId[])[];
  private readonly tableCards: number;
  private readonly most: number;
  private readonly counted: boolean;
  /** the count's relaxation, or the one worked out for the bound */
  private relaxation: Relaxation | null;
  /** One programme for every search: the suit states and their options carry over. */
  private readonly programme: RankProgramme;
  /** the best arrangement so far: the incumbent, then whatever beats it */
  private best: Arrangement;
  /** Every arrangement reaching the goal moves more than this many cards. */
  private excluded: number;
  /** the relaxation's bound on what any arrangement is worth, once worked out */
  private bound: number | null = null;
  /** Caps the relaxation has left open: settling them again would do the same. */
  private readonly open = new Set<number>();
  /** whether the bound's slower steps have run */
  private slowed = false;
  /** caps that went to the branch and bound */
  private branched = 0;
  /** whether the linear programme's value was taken */
  private linear = false;

  constructor(
    private readonly rules: MeldRules,
    private readonly melds: readonly OriginalMeld[],
    private readonly useful: readonly CardId[],
    private readonly budget: number,
    { most, counted, relaxation }: Count,
    incumbent: Arrangement,
    /** the lower bound on the cards moved */
    private readonly fewest: number,
  ) {
    this.original = melds.map((m) => m.cards);
    this.tableCards = melds.reduce((sum, m) => sum + m.cards.length, 0);
    [this.most, this.counted, this.relaxation] = [most, counted, relaxation];
    this.programme = new RankProgramme(rules, melds, useful, budget);
    this.best = incumbent;
    this.excluded = fewest - 1;
  }

  solve(): ExactResult {
    let next = this.fewest;
    let twoTried = false;
    let relaxAfter = RELAX_AFTER;
    for (;;) {
      // A count the relaxation settled marks a costly position: its bound at once.
      if (this.bound === null && (this.relaxation !== null || this.programme.work > relaxAfter)) {
        if (this.relax()) return optimum(this.best);
        next = Math.max(next, this.excluded + 1);
      }
      const cap = Math.min(next, this.movedBy(this.best) - 1);
      if (cap <= this.excluded) break;
      // With every arrangement moving more than one card, the pass at two
      // moves over the melds two moves can change, once the whole table's
      // pass at cap 2 grows costly (working out those melds costs up to 1 ms).
      const two = cap === 2 && this.excluded === 1 && !twoTried && this.bound === null;
      // Until the bound is worked out, a cap stops where it is due: the same
      // cap is searched again after it, with its prices.
      const stopAfter = two ? TWO_MOVES_AFTER : this.bound === null ? relaxAfter : undefined;
      const result = this.search(cap, null, false, stopAfter);
      if (result.kind === "stopped") {
        if (two) {
          twoTried = true;
          const few = withinMoves(this.rules, this.melds, this.useful, this.most, 2, this.budget);
          if (few) return optimum(few);
          if (few === null) {
            [this.excluded, next] = [2, 3];
            relaxAfter = Math.min(RELAX_AFTER, this.programme.work + AFTER_TWO_MOVES);
          }
        }
        continue;
      }
      if (result.kind === "too-complex") {
        if (this.relax()) return optimum(this.best);
        return this.overBudget(cap);
      }
      if (result.kind === "found") return optimum(result.arrangement);
      this.excluded = cap;
      next = CAP_LADDER.find((c) => c > this.excluded) ?? this.tableCards;
    }
    if (this.movedBy(this.best) < Infinity) return optimum(this.best);
    if (!this.counted) return { kind: "too-complex", states: this.budget };
    throw new Error("internal: the rank programme found no arrangement");
  }

  private movedBy(arrangement: Arrangement): number {
    return movedBy(arrangement, this.most, this.tableCards);
  }

  private worth(arrangement: Arrangement): number {
    return arrangement.placed * PLACED_WEIGHT + arrangement.kept;
  }

  private search(moved: number, narrow: number | null, tightest = false, stopAfter?: number) {
    return this.programme.run({
      placed: this.most,
      moved,
      narrow,
      tightest,
      stopAfter,
      upTo: Math.min(this.movedBy(this.best), this.tableCards + 1) - 1,
    });
  }

  private rescore(melds: CardId[][]): Arrangement {
    return score(this.original, melds, this.useful);
  }

  /**
   * A beam search at a cap: it often finds an arrangement there that places
   * the most, and the caps then stop below it.
   */
  private beam(cap: number, width = BEAM, tightest = false): void {
    // A suit's states may run out of ids ("too-complex"): the caps go on without the beam.
    const result = this.search(cap, width, tightest);
    if (result.kind !== "found") return;
    const found = this.rescore(result.arrangement.melds);
    if (this.movedBy(found) < this.movedBy(this.best)) this.best = found;
  }

  /** The relaxation's own arrangement (a step's choice), when it is better than `best`. */
  private adopt(): void {
    const melds = this.relaxation?.arrangement();
    const found = melds && this.rescore(melds);
    if (found && this.worth(found) > this.worth(this.best)) this.best = found;
  }

  /**
   * The relaxation's bound after its steps at `pace`, aimed below the best
   * arrangement. Its prices then bound what each state can still gain (the
   * searches from now on drop more), and a step's choice may beat `best`.
   */
  private lowerBound(pace?: Pace): number {
    const relaxation = this.relaxation!;
    // The optimum places `most` (when counted), so it is worth at least that.
    const known = Math.max(this.worth(this.best), this.counted ? this.most * PLACED_WEIGHT : 0);
    // Rounded up a little: float sums may fall short of the exact bound.
    const aim = this.worth(this.best) + 1;
    const lowered = Math.floor(relaxation.lower(known, aim, BOUND_STEPS, pace) + 1e-6);
    this.programme.usePrices(relaxation);
    this.adopt();
    return lowered;
  }

  /** The caps a bound excludes: every arrangement placing the most moves more. */
  private excludedBy(bound: number): number {
    return this.tableCards - (bound - this.most * PLACED_WEIGHT) - 1;
  }

  /**
   * Settles a cap by the relaxation: the search its prices prune (reduced.ts),
   * then its branch and bound with that search at the nodes, either prove
   * that no arrangement reaches the cap's goal or find one, which is then
   * `best`; "open" when neither does.
   */
  private settleCap(cap: number): "empty" | "found" | "open" {
    if (this.open.has(cap)) return "open";
    const relaxation = this.relaxation!;
    const goal = this.most * PLACED_WEIGHT + this.tableCards - cap;
    let outcome = searchReduced(relaxation, goal, REDUCED_NODES);
    // The search is unsure where the bound is loose: where the steady steps
    // stopped well above the relaxation's value, slower ones from their
    // prices (once) often bring it down to the cap's goal or near it.
    if (outcome === "unsure" && !this.slowed) {
      this.slowed = true;
      this.bound = this.lowerBound(SLOW);
      if (goal > this.bound) return "empty";
      if (this.worth(this.best) >= goal) return "found";
      outcome = searchReduced(relaxation, goal, REDUCED_NODES);
    }
    if (outcome === "none") return "empty";
    if (outcome === "unsure") {
      this.branched++;
      const leaf = (goal: number) => searchReduced(relaxation, goal, LEAF_NODES);
      if (relaxation.excludes(goal, BRANCH_NODES, BRANCH_STEPS, leaf)) return "empty";
    }
    this.adopt();
    if (this.worth(this.best) >= goal) return "found";
    this.open.add(cap);
    return "open";
  }

  /** Works the bound out (once) and uses it; true when `best` is then proven the optimum. */
  private relax(): boolean {
    const first = this.bound === null;
    if (this.bound === null) {
      this.relaxation ??= new Relaxation(
        this.rules,
        this.original,
        this.useful,
        this.counted ? this.most : null,
      );
      // The count's relaxation may hold an arrangement placing the most: the
      // steps then aim below it, and stop once they prove it, not when they
      // stall above a goal no arrangement reaches.
      this.adopt();
      this.bound = this.lowerBound();
    }
    if (this.bound <= this.worth(this.best)) return true;
    const below = this.excluded;
    this.excluded = Math.max(this.excluded, this.excludedBy(this.bound));
    // The first caps the bound leaves open, one by one, until one is not settled.
    for (let cap = this.excluded + 1; first && cap < this.movedBy(this.best); cap++) {
      if (this.settleCap(cap) !== "empty") break;
      this.excluded = cap;
      // Two caps gone to the branch and bound: the bound is loose, and the
      // linear programme's exact value may exclude many at once.
      if (this.branched >= 2 && !this.linear) {
        this.linear = true;
        const linear = Math.floor(this.relaxation!.linearBound(LINEAR_PIVOTS) + 1e-6);
        this.bound = Math.min(this.bound, linear);
        this.excluded = Math.max(this.excluded, this.excludedBy(this.bound));
        cap = this.excluded;
      }
    }
    // Every cap below the bound's is excluded now, so a beam at the bound's
    // cap that finds an arrangement has found the optimum.
    // Nearest by the count, then (on the positions that need it) by the prices.
    for (const [width, tightest] of [
      [BEAM, false],
      [10 * BEAM, false],
      [10 * BEAM, true],
    ] as const)
      if (this.excluded > below && this.excluded + 1 < this.movedBy(this.best))
        this.beam(this.excluded + 1, width, tightest);
    return this.movedBy(this.best) <= this.excluded + 1;
  }

  /**
   * When the programme outgrows the budget at cap `over`, with every cap up to
   * `excluded` proven to hold no arrangement: the caps between, one by one,
   * then, from the first of them over the budget, cap by cap: the relaxation
   * (`settleCap`) may prove the cap empty, and the next is tried, up to the
   * best arrangement's moves, which are then proven the fewest; or it may find
   * the arrangement itself. Otherwise a narrowed search: any arrangement it
   * finds reaching the goal moves no more than that cap, and none moves less,
   * so it is the optimum.
   */
  private overBudget(over: number): ExactResult {
    let cap = this.excluded + 1;
    for (; cap < over; cap++) {
      const result = this.search(cap, null);
      if (result.kind === "found") return optimum(result.arrangement);
      if (result.kind === "too-complex") break;
    }
    // Narrower first: a search costs about its width, and most find the
    // arrangement well within the budget. Nearest by the count, then by the
    // relaxation's prices (worked out by now).
    const widths = [...NARROW_WIDTHS.filter((w) => w < this.budget), this.budget];
    const tries = [...widths.map((width) => [width, false] as const), [this.budget, true] as const];
    for (; cap < this.movedBy(this.best); cap++) {
      const settled = this.settleCap(cap);
      if (settled === "empty") continue;
      if (settled === "found") return optimum(this.best);
      for (const [width, tightest] of tries) {
        const result = this.search(cap, width, tightest);
        // A suit's state ids ran out: no search of this cap gets further.
        if (result.kind === "too-complex") return result;
        // The states kept may have matched the arrangement's melds less well
        // than the best matching does: its moves are counted again.
        if (result.kind === "found") return optimum(this.rescore(result.arrangement.melds));
      }
      return { kind: "too-complex", states: this.budget };
    }
    return optimum(this.best);
  }
}

function optimum(best: Arrangement): ExactResult {
  return { kind: "best", best };
}

/**
 * An arrangement placing `placed` own cards that moves at most `moves` (0, 1
 * or 2) table cards, null when there is none, or undefined when the programme
 * outgrows the budget or tries more options than the caps would before the
 * relaxation's bound; with 1 or 2, no arrangement moving fewer may place them.
 * The melds such an arrangement cannot change (touchedMelds) stay whole, so
 * the programme runs on the others only (on a large table, most melds drop
 * out).
 */
export function withinMoves(
  rules: MeldRules,
  melds: readonly OriginalMeld[],
  own: readonly CardId[],
  placed: number,
  moves: number,
  budget: number,
): Arrangement | null | undefined {
  const touched = touchedMelds(
    melds.map((m) => m.cards),
    own,
    placed,
    moves,
  );
  const changing = melds.filter((_, m) => touched[m]);
  const whole = melds.filter((_, m) => !touched[m]).map((m) => [...m.cards]);
  const result = new RankProgramme(rules, changing, own, budget).run({
    placed,
    moved: moves,
    narrow: null,
    stopAfter: moves === 0 ? RELAX_AFTER : ONE_MOVE_OPTIONS,
  });
  if (result.kind === "none") return null;
  if (result.kind !== "found") return undefined;
  const found = result.arrangement;
  return {
    placed: found.placed,
    kept: found.kept + concatenated(whole).length,
    melds: [...found.melds, ...whole],
  };
}

/**
 * The most own cards that can be placed (some arrangement places `least`),
 * or null when counting outgrows the budget: the counting programme with a
 * small budget first, then the relaxation count by count (which it returns
 * when it settles the count), then the programme with the whole budget.
 */
function countMost(
  rules: MeldRules,
  original: readonly (readonly CardId[])[],
  useful: readonly CardId[],
  least: number,
  budget: number,
): { most: number; relaxation: Relaxation | null } | null {
  const [table, own] = [countGrid(concatenated(original)), countGrid(useful)];
  const count = (states: number, atMost?: number) => {
    try {
      return { most: mostPlaced(rules, table, own, states, atMost), relaxation: null };
    } catch (error) {
      if (!(error instanceof TooComplexError)) throw error;
      return null;
    }
  };
  if (budget <= COUNT_FIRST) return count(budget);
  const first = count(COUNT_FIRST);
  if (first) return first;
  const relaxed = mostByRelaxation(rules, original, useful, least, COUNT_SEARCH);
  if (relaxed.settled) return relaxed;
  // The counts the relaxation ruled out need not be searched again.
  return count(budget, relaxed.atMost);
}

/**
 * Own cards that could belong to some valid meld of the cards at hand: the
 * rest can never be placed, and leaving them out keeps the programme small.
 */
function usefulOwn(
  rules: MeldRules,
  tableCards: readonly CardId[],
  own: readonly CardId[],
): CardId[] {
  let useful = [...own];
  for (;;) {
    const types = new Set([...tableCards, ...useful].map((c) => c % 52));
    const has = (rank: number, suit: number) => types.has(suit * 13 + ((rank + 12) % 13));
    const fits = (c: CardId) => {
      const rank = rankOf(c);
      const suit = suitIndex(c);
      const suits = [0, 1, 2, 3].filter((t) => has(rank, t)).length;
      if (suits >= 3) return true;
      // Ranks run 1..13 with the Ace also after the King (14); only Machiavelox wraps further.
      const places = rank === 1 ? [1, 14] : [rank];
      return places.some((at) =>
        [-2, -1, 0].some((from) => {
          const ranks = [at + from, at + from + 1, at + from + 2];
          if (!rules.wrapsThroughAce && (ranks[0]! < 1 || ranks[2]! > 14)) return false;
          return ranks.every((r) => has(r, suit));
        }),
      );
    };
    const next = useful.filter(fits);
    if (next.length === useful.length) return useful;
    useful = next;
  }
}

/** How many of the cards are of each rank (0 = Ace) and suit. */
function countGrid(cards: readonly CardId[]): number[][] {
  const grid = filled(RANKS, () => new Array<number>(SUIT_COUNT).fill(0));
  for (const c of cards) grid[rankOf(c) - 1]![suitIndex(c)]!++;
  return grid;
}
