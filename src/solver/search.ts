// The exact search: an incumbent and cheap bounds first (greedy.ts), the
// passes at no move, one or two, then the rank programme (programme.ts) under
// caps rising on the table cards moved, with the relaxation's bound (bound.ts)
// and its searches (reduced.ts) once the caps grow costly. docs/solver.md has
// the long version.

import { type CardId, rankOf, suitIndex } from "../engine/cards";
import type { MeldRules } from "../engine/melds";
import { concatenated, filled } from "./arrays";
import { type Pace, PLACED_WEIGHT, Relaxation, SLOW } from "./bound";
import { TooComplexError } from "./errors";
import { type Arrangement, fewestMoved, greedyArrangement, score, touchedMelds } from "./greedy";
import { type OriginalMeld, RANKS, SUIT_COUNT } from "./layout";
import { mostPlaced } from "./most";
import { RankProgramme, Stopped } from "./programme";
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

export function solveExact(
  rules: MeldRules,
  melds: readonly OriginalMeld[],
  own: readonly CardId[],
  budget: number,
): Arrangement {
  const original = melds.map((m) => m.cards);
  const useful = usefulOwn(rules, concatenated(original), own);
  const tableCards = melds.reduce((sum, m) => sum + m.cards.length, 0);
  // A fast arrangement first: most positions place every useful own card
  // (then `useful` proves the count) and move few table cards.
  const incumbent = greedyArrangement(rules, original, useful);
  // The count is proven when the incumbent places every useful own card;
  // otherwise `countMost` gives the most. When counting outgrows the budget,
  // the goal stays every useful card: reaching it proves it.
  let most = useful.length;
  let counted = true;
  // The relaxation that settled the count, when it took one: the bound goes on from it.
  let relaxation: Relaxation | null = null;
  if (incumbent.placed < most) {
    const count = countMost(rules, original, useful, incumbent.placed, budget);
    if (count === null) counted = false;
    else ({ most, relaxation } = count);
  }
  const movedBy = (a: Arrangement) => (a.placed === most ? tableCards - a.kept : Infinity);
  let fewest = fewestMoved(original, useful, most, movedBy(incumbent));
  if (movedBy(incumbent) <= fewest) return incumbent;
  // Where the bound leaves room for no move or one, and the incumbent moves
  // at most two more, the programme's pass at that cap over only the melds
  // such an arrangement can change settles it cheaply. (Where the incumbent
  // moves more or places fewer, such an arrangement is rarer, and the caps'
  // own pass starts their trail.)
  while (fewest <= 1 && movedBy(incumbent) <= fewest + 2) {
    const few = withinMoves(rules, melds, useful, most, fewest, budget);
    if (few) return few;
    if (few === undefined) break;
    fewest++;
    if (movedBy(incumbent) <= fewest) return incumbent;
  }
  // One programme for every search: the suit states and their options carry over.
  const programme = new RankProgramme(rules, melds, useful, budget);
  const search = (moved: number, narrow: number | null, tightest = false, stopAfter?: number) =>
    programme.run({
      placed: most,
      moved,
      narrow,
      tightest,
      stopAfter,
      upTo: Math.min(movedBy(best), tableCards + 1) - 1,
    });
  const rescore = (melds: CardId[][]) => score(original, melds, useful);
  let best = incumbent;
  // A beam search at a cap: it often finds an arrangement there that places
  // the most, and the caps then stop below it.
  const beam = (cap: number, width = BEAM, tightest = false) => {
    try {
      const found = search(cap, width, tightest);
      if (found && movedBy(rescore(found.melds)) < movedBy(best)) best = rescore(found.melds);
    } catch (error) {
      // A suit's states may run out of ids: the caps go on without the beam.
      if (!(error instanceof TooComplexError)) throw error;
    }
  };
  // Every arrangement reaching the goal moves more than `excluded` cards.
  let excluded = fewest - 1;
  // The relaxation's bound (bound.ts) on what any arrangement is worth, once
  // the search is costly: it may prove the best arrangement so far, and it
  // rules out every cap below the moves it leaves possible.
  let bound: number | null = null;
  const worth = (a: Arrangement) => a.placed * PLACED_WEIGHT + a.kept;
  /** The relaxation's own arrangement (a step's choice), when it is better than `best`. */
  const adopt = () => {
    const melds = relaxation?.arrangement();
    const found = melds && rescore(melds);
    if (found && worth(found) > worth(best)) best = found;
  };
  // Caps the relaxation has left open: settling them again would do the same.
  const open = new Set<number>();
  /**
   * The relaxation's bound after its steps at `pace`, aimed below the best
   * arrangement. Its prices then bound what each state can still gain (the
   * searches from now on drop more), and a step's choice may beat `best`.
   */
  const lowerBound = (pace?: Pace) => {
    // The optimum places `most` (when counted), so it is worth at least that.
    const known = Math.max(worth(best), counted ? most * PLACED_WEIGHT : 0);
    // Rounded up a little: float sums may fall short of the exact bound.
    const lowered = Math.floor(relaxation!.lower(known, worth(best) + 1, BOUND_STEPS, pace) + 1e-6);
    programme.usePrices(relaxation!);
    adopt();
    return lowered;
  };
  /** The caps a bound excludes: every arrangement placing the most moves more. */
  const excludedBy = (bound: number) => tableCards - (bound - most * PLACED_WEIGHT) - 1;
  // Whether the bound's slower steps have run, how many caps went to the
  // branch and bound, and whether the linear programme's value was taken.
  let slowed = false;
  let branched = 0;
  let linear = false;
  const leaf = (goal: number) => searchReduced(relaxation!, goal, LEAF_NODES);
  /**
   * Settles a cap by the relaxation: the search its prices prune (reduced.ts),
   * then its branch and bound with that search at the nodes, either prove
   * that no arrangement reaches the cap's goal or find one, which is then
   * `best`; "open" when neither does.
   */
  const settleCap = (cap: number): "empty" | "found" | "open" => {
    if (open.has(cap)) return "open";
    const goal = most * PLACED_WEIGHT + tableCards - cap;
    let outcome = searchReduced(relaxation!, goal, REDUCED_NODES);
    // The search is unsure where the bound is loose: where the steady steps
    // stopped well above the relaxation's value, slower ones from their
    // prices (once) often bring it down to the cap's goal or near it.
    if (outcome === "unsure" && !slowed) {
      slowed = true;
      bound = lowerBound(SLOW);
      if (goal > bound) return "empty";
      if (worth(best) >= goal) return "found";
      outcome = searchReduced(relaxation!, goal, REDUCED_NODES);
    }
    if (outcome === "none") return "empty";
    if (outcome === "unsure") {
      branched++;
      if (relaxation!.excludes(goal, BRANCH_NODES, BRANCH_STEPS, leaf)) return "empty";
    }
    adopt();
    if (worth(best) >= goal) return "found";
    open.add(cap);
    return "open";
  };
  /** Works the bound out (once) and uses it; true when `best` is then proven the optimum. */
  const relax = () => {
    const first = bound === null;
    if (bound === null) {
      relaxation ??= new Relaxation(rules, original, useful, counted ? most : null);
      // The count's relaxation may hold an arrangement placing the most: the
      // steps then aim below it, and stop once they prove it, not when they
      // stall above a goal no arrangement reaches.
      adopt();
      bound = lowerBound();
    }
    if (bound <= worth(best)) return true;
    const below = excluded;
    excluded = Math.max(excluded, excludedBy(bound));
    // The first caps the bound leaves open, one by one, until one is not settled.
    for (let cap = excluded + 1; first && cap < movedBy(best); cap++) {
      if (settleCap(cap) !== "empty") break;
      excluded = cap;
      // Two caps gone to the branch and bound: the bound is loose, and the
      // linear programme's exact value may exclude many at once.
      if (branched >= 2 && !linear) {
        linear = true;
        bound = Math.min(bound!, Math.floor(relaxation!.linearBound(LINEAR_PIVOTS) + 1e-6));
        excluded = Math.max(excluded, excludedBy(bound));
        cap = excluded;
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
      if (excluded > below && excluded + 1 < movedBy(best)) beam(excluded + 1, width, tightest);
    return movedBy(best) <= excluded + 1;
  };
  // The programme looks only for arrangements that beat the incumbent, under
  // caps rising from the lower bound on the cards moved: the first cap under
  // which it finds one gives the optimum, since every arrangement moving no
  // more than the cap was in play; none up to the incumbent's moves less one
  // proves the incumbent.
  let next = fewest;
  let twoTried = false;
  let relaxAfter = RELAX_AFTER;
  for (;;) {
    // A count the relaxation settled marks a costly position: its bound at once.
    if (bound === null && (relaxation !== null || programme.work > relaxAfter)) {
      if (relax()) return best;
      next = Math.max(next, excluded + 1);
    }
    const cap = Math.min(next, movedBy(best) - 1);
    if (cap <= excluded) break;
    let found;
    // With every arrangement moving more than one card, the pass at two
    // moves over the melds two moves can change, once the whole table's
    // pass at cap 2 grows costly (working out those melds costs up to 1 ms).
    const two = cap === 2 && excluded === 1 && !twoTried && bound === null;
    try {
      // Until the bound is worked out, a cap stops where it is due: the same
      // cap is searched again after it, with its prices.
      found = search(
        cap,
        null,
        false,
        two ? TWO_MOVES_AFTER : bound === null ? relaxAfter : undefined,
      );
    } catch (error) {
      if (error instanceof Stopped) {
        if (two) {
          twoTried = true;
          const few = withinMoves(rules, melds, useful, most, 2, budget);
          if (few) return few;
          if (few === null) {
            [excluded, next] = [2, 3];
            relaxAfter = Math.min(RELAX_AFTER, programme.work + AFTER_TWO_MOVES);
          }
        }
        continue;
      }
      if (!(error instanceof TooComplexError)) throw error;
      if (relax()) return best;
      return overBudget(excluded, cap, budget, search, rescore, settleCap, () => best, movedBy);
    }
    if (found) return found;
    excluded = cap;
    next = CAP_LADDER.find((c) => c > excluded) ?? tableCards;
  }
  if (movedBy(best) < Infinity) return best;
  if (!counted) throw new TooComplexError(budget);
  throw new Error("internal: the rank programme found no arrangement");
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
  let found;
  try {
    found = new RankProgramme(rules, changing, own, budget).run({
      placed,
      moved: moves,
      narrow: null,
      stopAfter: moves === 0 ? RELAX_AFTER : ONE_MOVE_OPTIONS,
    });
  } catch (error) {
    if (!(error instanceof TooComplexError || error instanceof Stopped)) throw error;
    return undefined;
  }
  if (!found) return null;
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
 * When the programme outgrows the budget at cap `over`, with every cap up to
 * `excluded` proven to hold no arrangement: the caps between, one by one,
 * then, from the first of them over the budget, cap by cap: the relaxation
 * (`settle`) may prove the cap empty, and the next is tried, up to the best
 * arrangement's moves, which are then proven the fewest; or it may find the
 * arrangement itself. Otherwise a narrowed search: any arrangement it finds
 * reaching the goal moves no more than that cap, and none moves less, so it
 * is the optimum.
 */
function overBudget(
  excluded: number,
  over: number,
  budget: number,
  search: (moved: number, narrow: number | null, tightest?: boolean) => Arrangement | null,
  rescore: (melds: CardId[][]) => Arrangement,
  settle: (cap: number) => "empty" | "found" | "open",
  best: () => Arrangement,
  movedBy: (a: Arrangement) => number,
): Arrangement {
  let cap = excluded + 1;
  for (; cap < over; cap++) {
    try {
      const found = search(cap, null);
      if (found) return found;
    } catch (error) {
      if (!(error instanceof TooComplexError)) throw error;
      break;
    }
  }
  // Narrower first: a search costs about its width, and most find the
  // arrangement well within the budget. Nearest by the count, then by the
  // relaxation's prices (worked out by now).
  const widths = [...NARROW_WIDTHS.filter((w) => w < budget), budget];
  for (; cap < movedBy(best()); cap++) {
    const settled = settle(cap);
    if (settled === "empty") continue;
    if (settled === "found") return best();
    let found: Arrangement | null = null;
    for (const width of widths) if ((found = search(cap, width))) break;
    found ??= search(cap, budget, true);
    if (!found) throw new TooComplexError(budget);
    // The states kept may have matched the arrangement's melds less well than
    // the best matching does: its moves are counted again.
    return rescore(found.melds);
  }
  return best();
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
