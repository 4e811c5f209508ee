// A depth-first search for an arrangement worth a goal, over the relaxation's
// melds (bound.ts) and pruned by its prices: reduced-cost fixing, as in
// branch and price. At fixed prices the bound is a sum of best terms — each
// possible meld's (its copies and matches), each own kind's, each original's
// match price — and an arrangement is worth the bound less what its choices
// fall short of those terms (an unmatched original falls short by its match
// price). So an arrangement worth the goal falls short by at most
// bound − goal in all: where the bound is within a point of the goal, as at
// the first cap it leaves open, almost every meld's copies and matches are
// forced, and the search either finds the arrangement or proves there is none.
// Count by count, the same search finds the most own cards that can be
// placed (`mostByRelaxation`).

import { type CardId, type MeldRules } from "@/engine";
import { filled } from "./arrays";
import { PLACED_WEIGHT, Relaxation } from "./bound";
import type { SearchOutcome } from "./outcome";

const KINDS = 52;
const EPSILON = 1e-6;

/** One way to build a meld: its copies, the originals they are matched to (-1: none). */
interface Choice {
  built: number;
  first: number;
  second: number;
  /** how far it falls short of the meld's best term at the prices */
  short: number;
  /** the kinds its matched copies share with their originals: the cards they keep */
  kept: number;
}

/**
 * Looks for an arrangement worth `goal` or more at the relaxation's prices:
 * "found" leaves it in the relaxation's `found`, "none" proves there is none,
 * "unsure" when `nodes` choices did not settle it. Each meld's copies stay
 * within the relaxation's ranges (a branch's, in its branch and bound).
 */
export function searchReduced(relaxation: Relaxation, goal: number, nodes: number): SearchOutcome {
  return new ReducedSearch(relaxation, goal, nodes).run();
}

/**
 * The most own cards that can be placed, by the relaxation with each count
 * in turn, from every own card down to `least` (no more than the most): a
 * count is out of reach when its bound falls below what placing it is worth,
 * or when the reduced search proves every value from the bound's down to
 * that; it is the most when the search finds an arrangement placing it,
 * which is left in that count's relaxation (then returned with it, for the
 * solver to go on with). Unsettled when a search is unsure or `tries`
 * values of one count are out of reach without settling it: the counts
 * above that one are out of reach all the same.
 */
export function mostByRelaxation(
  rules: MeldRules,
  original: readonly (readonly CardId[])[],
  own: readonly CardId[],
  least: number,
  search: { steps: number; nodes: number; tries: number },
): RelaxedCount {
  for (let placed = own.length; placed > least; placed--) {
    const worth = placed * PLACED_WEIGHT;
    const relaxation = new Relaxation(rules, original, own, placed);
    // No arrangement keeps more than every table card.
    const ceiling = worth + original.reduce((sum, meld) => sum + meld.length, 0);
    const bound = Math.min(
      ceiling,
      Math.floor(relaxation.lower(worth, worth, search.steps) + EPSILON),
    );
    // Counts above were out of reach, so an arrangement placing this many
    // places exactly this many, and is worth at least `worth`.
    const floor = Math.max(worth, bound - search.tries + 1);
    let goal = bound;
    for (; goal >= floor; goal--) {
      const outcome = searchReduced(relaxation, goal, search.nodes);
      if (outcome === "found") return { settled: true, most: placed, relaxation };
      if (outcome === "unsure") return { settled: false, atMost: placed };
    }
    if (goal >= worth) return { settled: false, atMost: placed };
  }
  return { settled: true, most: least, relaxation: null };
}

export type RelaxedCount =
  | { settled: true; most: number; relaxation: Relaxation | null }
  | { settled: false; atMost: number };

class ReducedSearch {
  private readonly melds: readonly (readonly number[])[];
  /** per meld: its choices within the slack, the least short first (only built 0 when it is never built) */
  private readonly choices: Choice[][];
  /** per meld: the most copies any of its choices builds */
  private readonly most: Int32Array;
  /** per kind: what an own card of it adds at the prices, and the own kind's best term */
  private readonly ownWorth = new Float64Array(KINDS);
  private readonly ownBest = new Float64Array(KINDS);
  /** per kind: the melds that may be built holding it */
  private readonly meldsOf: number[][] = filled(KINDS, () => []);
  // The search's state: per meld its choice (-1 undecided); per kind the
  // copies holding it and those the undecided melds may still add, and its
  // undecided melds; per original whether it is matched, and its undecided melds.
  private readonly chosen: Int32Array;
  private readonly used = new Int32Array(KINDS);
  private readonly room = new Int32Array(KINDS);
  private readonly openAt = new Int32Array(KINDS);
  private readonly matched: Uint8Array;
  private readonly openOf: Int32Array;
  /** what the choices so far may still fall short of the bound, in all */
  private slack = 0;
  private placed = 0;
  /** own cards of the kinds not yet settled: the count needs them */
  private ownOpen = 0;
  private kept = 0;
  /** choices the search may still try: below zero, it gave up */
  private left: number;

  constructor(
    private readonly relaxation: Relaxation,
    private readonly goal: number,
    nodes: number,
  ) {
    this.left = nodes;
    const { melds, shares, price, matchPrice, placedPrice, table, mine, count } = relaxation;
    this.melds = melds;
    const originals = matchPrice.length;
    // The bound at these prices, term by term, as the relaxation's steps add it up.
    let bound = count === null ? 0 : placedPrice * count;
    for (let k = 0; k < KINDS; k++) {
      this.ownWorth[k] = PLACED_WEIGHT + price[k]! - placedPrice;
      this.ownBest[k] = mine[k]! * Math.max(0, this.ownWorth[k]!);
      bound += price[k]! * table[k]! + this.ownBest[k]!;
    }
    for (let m = 0; m < originals; m++) bound += matchPrice[m]!;
    // Each meld's best term, as the steps find it.
    const best = Float64Array.from(melds, (_, c) => relaxation.meldTerm(c));
    for (const term of best) bound += term;
    this.slack = bound - goal + EPSILON;
    const within = Math.max(this.slack, 0);
    this.choices = melds.map((_, c) => this.choicesOf(c, best[c]!, within));
    this.most = Int32Array.from(this.choices, (options) =>
      Math.max(0, ...options.map((o) => o.built)),
    );
    this.chosen = new Int32Array(melds.length).fill(-1);
    this.matched = new Uint8Array(originals);
    this.openOf = new Int32Array(originals);
    melds.forEach((kinds, c) => {
      // A meld never built falls short by its best term.
      if (this.most[c] === 0) {
        this.slack -= best[c]!;
        this.chosen[c] = 0;
        return;
      }
      for (const k of kinds) {
        this.meldsOf[k]!.push(c);
        this.room[k]! += this.most[c]!;
        this.openAt[k]!++;
      }
      for (let j = 0; j < shares[c]!.length; j += 2) this.openOf[shares[c]![j]!]!++;
    });
  }

  /**
   * Meld c's choices that fall short of its best term by `within` at most,
   * the least short first. A copy is matched to one of the originals it
   * shares kinds with (pair index j of its shares) or to none (j < 0).
   */
  private choicesOf(c: number, best: number, within: number): Choice[] {
    const { shares, least, most, matchPrice } = this.relaxation;
    const pairs = shares[c]!;
    const cost = this.relaxation.meldCost(c);
    const choices: Choice[] = [];
    if (least[c] === 0 && best <= within)
      choices.push({ built: 0, first: -1, second: -1, short: best, kept: 0 });
    for (let a = -2; a < pairs.length; a += 2) {
      const gainA = a < 0 ? 0 : pairs[a + 1]! - matchPrice[pairs[a]!]!;
      const keptA = a < 0 ? 0 : pairs[a + 1]!;
      const first = a < 0 ? -1 : pairs[a]!;
      const one = best - (gainA - cost);
      if (least[c]! <= 1 && most[c]! >= 1 && one <= within)
        choices.push({ built: 1, first, second: -1, short: one, kept: keptA });
      if (most[c]! < 2) continue;
      // Copies are alike: each pair of originals once, and never one original twice.
      for (let b = a < 0 ? a : a + 2; b < pairs.length; b += 2) {
        const gainB = b < 0 ? 0 : pairs[b + 1]! - matchPrice[pairs[b]!]!;
        const two = best - (gainA + gainB - 2 * cost);
        if (two > within) continue;
        const second = b < 0 ? -1 : pairs[b]!;
        const kept = keptA + (b < 0 ? 0 : pairs[b + 1]!);
        choices.push({ built: 2, first, second, short: two, kept });
      }
    }
    return choices.sort((x, y) => x.short - y.short);
  }

  run(): SearchOutcome {
    this.ownOpen = this.relaxation.mine.reduce((sum, n) => sum + n, 0);
    let feasible = this.slack >= 0;
    // Kinds and originals no meld may take are settled before any choice.
    for (let k = 0; k < KINDS; k++)
      if (this.openAt[k] === 0) feasible = this.settleKind(k) && feasible;
    for (let m = 0; m < this.openOf.length; m++)
      if (this.openOf[m] === 0) this.slack -= this.relaxation.matchPrice[m]!;
    if (!feasible || this.slack < 0) return "none";
    if (this.descend()) return "found";
    return this.left < 0 ? "unsure" : "none";
  }

  /**
   * Decides every undecided meld holding the kind with the fewest of them,
   * choice by choice; true once an arrangement worth the goal is found.
   */
  private descend(): boolean {
    let kind = -1;
    for (let k = 0; k < KINDS; k++)
      if (this.openAt[k]! > 0 && (kind < 0 || this.openAt[k]! < this.openAt[kind]!)) kind = k;
    if (kind < 0) return this.finish();
    const open = this.meldsOf[kind]!.filter((c) => this.chosen[c] === -1);
    return this.decide(open, 0);
  }

  private decide(open: readonly number[], at: number): boolean {
    if (at === open.length) return this.descend();
    const c = open[at]!;
    const options = this.choices[c]!;
    for (let o = 0; o < options.length; o++) {
      const choice = options[o]!;
      if (choice.short > this.slack) break;
      // Out of nodes: every level gives up, undoing its choice.
      if (--this.left < 0) return false;
      if (this.apply(c, o, choice) && this.decide(open, at + 1)) return true;
      this.undo(c, choice);
    }
    return false;
  }

  /** Makes meld c's choice o; false when the search cannot reach the goal from there. */
  private apply(c: number, o: number, choice: Choice): boolean {
    const { matchPrice } = this.relaxation;
    let ok =
      !(choice.first >= 0 && this.matched[choice.first]) &&
      !(choice.second >= 0 && this.matched[choice.second]);
    this.chosen[c] = o;
    this.slack -= choice.short;
    this.kept += choice.kept;
    if (choice.first >= 0) this.matched[choice.first]!++;
    if (choice.second >= 0) this.matched[choice.second]!++;
    const { table, mine } = this.relaxation;
    for (const k of this.melds[c]!) {
      this.used[k]! += choice.built;
      this.room[k]! -= this.most[c]!;
      // Too many copies for its cards, or too few left to use every table card.
      if (this.used[k]! > table[k]! + mine[k]! || this.used[k]! + this.room[k]! < table[k]!)
        ok = false;
      if (--this.openAt[k]! === 0) ok = this.settleKind(k) && ok;
    }
    const shares = this.relaxation.shares[c]!;
    for (let j = 0; j < shares.length; j += 2) {
      const m = shares[j]!;
      if (--this.openOf[m]! === 0 && !this.matched[m]) this.slack -= matchPrice[m]!;
    }
    const { count } = this.relaxation;
    return (
      ok &&
      this.slack >= 0 &&
      (count === null || (this.placed <= count && this.placed + this.ownOpen >= count))
    );
  }

  private undo(c: number, choice: Choice): void {
    const { matchPrice } = this.relaxation;
    const shares = this.relaxation.shares[c]!;
    for (let j = 0; j < shares.length; j += 2) {
      const m = shares[j]!;
      if (this.openOf[m]!++ === 0 && !this.matched[m]) this.slack += matchPrice[m]!;
    }
    for (const k of this.melds[c]!) {
      if (this.openAt[k]!++ === 0) this.unsettleKind(k);
      this.used[k]! -= choice.built;
      this.room[k]! += this.most[c]!;
    }
    if (choice.first >= 0) this.matched[choice.first]!--;
    if (choice.second >= 0) this.matched[choice.second]!--;
    this.kept -= choice.kept;
    this.slack += choice.short;
    this.chosen[c] = -1;
  }

  /** Kind k's copies are all decided: its own cards used, and what they fall short of its term. */
  private settleKind(k: number): boolean {
    const { table, mine } = this.relaxation;
    const own = this.used[k]! - table[k]!;
    this.placed += own;
    this.ownOpen -= mine[k]!;
    this.slack -= this.ownBest[k]! - own * this.ownWorth[k]!;
    return own >= 0 && own <= mine[k]!;
  }

  private unsettleKind(k: number): void {
    const own = this.used[k]! - this.relaxation.table[k]!;
    this.placed -= own;
    this.ownOpen += this.relaxation.mine[k]!;
    this.slack += this.ownBest[k]! - own * this.ownWorth[k]!;
  }

  /** Every meld decided: an arrangement, kept in `found` when it places the count and reaches the goal. */
  private finish(): boolean {
    const { count } = this.relaxation;
    const worth = this.placed * PLACED_WEIGHT + this.kept;
    if ((count !== null && this.placed !== count) || worth < this.goal) return false;
    const n = this.melds.length;
    const found = {
      worth,
      built: new Uint8Array(n),
      first: new Int32Array(n).fill(-1),
      second: new Int32Array(n).fill(-1),
    };
    this.chosen.forEach((o, c) => {
      const choice = this.choices[c]![o]!;
      found.built[c] = choice.built;
      found.first[c] = choice.first;
      found.second[c] = choice.second;
    });
    this.relaxation.found = found;
    return true;
  }
}
