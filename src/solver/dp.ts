// The exact optimiser: a dynamic programme over the ranks in the spirit of van
// Rijn, Takes & Vis ("The complexity of Rummikub problems", 2015), extended in
// three ways (docs/solver.md has the long version):
//  - the ranks form a cycle: the programme starts at a cut rank, and runs that
//    cross the cut are carried as "incoming pieces" joined at the end;
//  - the score is lexicographic, own cards placed then table cards kept, and
//    keeping is tracked by tagging each open run with the original meld it is
//    matched to, so the second objective is exact as well;
//  - runs are kept within the rule set's longest run.
// The state after a rank is one small record per suit; sets are settled inside
// the rank, suit by suit, through a suit-symmetric profile of their cards.

import { type CardId, rankOf, SUITS, suitIndex } from "../engine/cards";
import type { MeldRules } from "../engine/melds";
import { concatenated, filled, sortShort } from "./arrays";
import { type Pace, PLACED_WEIGHT, Relaxation, SLOW } from "./bound";
import { TooComplexError } from "./errors";
import { FREE, FutureBound } from "./future";
import {
  chainFits,
  fewestMoved,
  greedyArrangement,
  meldMarks,
  score,
  touchedMelds,
} from "./greedy";
import { mostPlaced } from "./most";
import { mostByRelaxation, searchReduced } from "./reduced";
import { arrangeSets, SET_CARD, SETS_FIT, type SetCard } from "./sets";
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
  LOSS_LIMITS,
  NARROW_WIDTHS,
  ONE_MOVE_OPTIONS,
  REDUCED_NODES,
  RELAX_AFTER,
  SLACK_SCALE,
  TWO_MOVES_AFTER,
} from "./tuning";

const RANKS = 13;
const SUIT_COUNT = SUITS.length;
const LAST = RANKS - 1;
const LAST_SUIT = SUIT_COUNT - 1;
export { PLACED_WEIGHT };

// Run tags: the original meld an open run is matched to (an index), or:
// FREE (from future.ts, which bounds what such a run may still claim): matched to nothing yet
const DONE = -2; // matched to a meld that has no more cards ahead
// Tags of incoming pieces (the part of a cut-crossing run after the cut):
const PIECE_FREE = -1; // matched to nothing
const PIECE_CLAIMED = -2; // matched to something within the piece
// (a tag >= 0: matched to that original run, which also crosses the cut)

// Status of an original run still in play:
const UNMATCHED = 0;
const TAKEN = 1;
const RESERVED = 2; // taken by an incoming piece; its part before the cut may join
const RESERVED_JOINED = 3; // and an open run before the cut has joined it

const HAND = -1;

export interface OriginalMeld {
  kind: "run" | "set";
  /** in reading order */
  cards: readonly CardId[];
}

export interface DpResult {
  placed: number;
  kept: number;
  melds: CardId[][];
}

interface Phys {
  id: CardId;
  origin: number;
}

interface Run {
  len: number;
  tag: number;
  inc: boolean;
}

interface Piece {
  post: number;
  tag: number;
}

interface SuitState {
  runs: Run[];
  /** pairs (original run index, status), sorted by index */
  status: number[];
  pieces: Piece[];
}

interface Source {
  /** index of the run continued, or -1 for a new run */
  from: number;
  card: CardId;
  /** the first three cards leave as a meld (null) or as an incoming piece */
  split?: Piece | null;
}

interface Option {
  next: number;
  /** table cards surely moved in suit `next` (surelyMovingIn), set by RankProgramme.options */
  moving: number;
  gain: number;
  pattern: number;
  setsTaken: number;
  sources: Source[];
  closed: { from: number; piece: Piece | null }[];
  setCards: readonly { id: CardId; cls: number }[];
}

/** Where an option's states go from a rank's profile, and what its set cards are worth there. */
interface Join {
  into: Map<number, Entry>;
  /** the same profile's states new in this run (`into` itself, unless the run goes on from a trail) */
  fresh: Map<number, Entry>;
  /** table cards the rank's sets keep (at its last suit) */
  credit: number;
  /** set cards a set may still keep where they are (mayStay) */
  staying: number;
}

interface Entry {
  value: number;
  /** table cards surely moved in the entry's suit states, each where it stands (surelyMovingIn) */
  moving: number;
  parent: Entry | null;
  option: Option | null;
}

interface RunInfo {
  suit: number;
  crossing: boolean;
  /** the processing indices of its first and last cards (read only where it does not cross the cut) */
  first: number;
  last: number;
}

/** A level's states (processing index i, step: i * SUIT_COUNT + step) by their rank's profile. */
type Level = Map<number, Map<number, Entry>>;

/**
 * What an exact run that found nothing leaves for the next, higher cap: a
 * cap's states are those of every lower cap and more, so the next run takes
 * on only the new ones instead of trying every option again.
 */
interface Trail {
  placed: number;
  moved: number;
  /** the highest cap it serves: it keeps no dropped state moving more */
  upTo: number;
  /** per level, every state made */
  levels: Level[];
  /** per level, the states dropped for moving more than the cap, each with what it moves */
  over: Over[][];
  /** the options a run from the start would have tried to get this far */
  work: number;
}

/** A state a run dropped for moving more than its cap: all it takes to make it under a higher one. */
interface Over {
  /** its rank's profile (0 once the rank is done) */
  extra: number;
  key: number;
  value: number;
  moving: number;
  moved: number;
  parent: Entry;
  option: Option;
}

const ID_BITS = 13;
const ID_BASE = 1 << ID_BITS;
const POW = [1, ID_BASE, ID_BASE ** 2, ID_BASE ** 3];

/** What the tracked programme must reach: every other state is dropped. */
interface Goal {
  /** own cards to place: the most that can be placed */
  placed: number;
  /** table cards that may move at most */
  moved: number;
  /**
   * When not null, a search for one arrangement, which proves nothing about
   * the others: past this many states, only this many nearest the goal are
   * kept. When null, passing the budget gives up.
   */
  narrow: number | null;
  /**
   * Nearest by the relaxation's prices instead (once worked out): the states
   * whose bound is tightest, those the relaxation's optimum agrees with most.
   */
  tightest?: boolean;
  /** When set, the run throws `Stopped` once the programme's work passes it. */
  stopAfter?: number;
  /**
   * The highest cap that may follow: an exact run leaves a trail only when
   * it is above the run's, and keeps only the dropped states it allows.
   */
  upTo?: number;
}

/** A run stopped unfinished at its goal's `stopAfter`: it proves nothing. */
class Stopped extends Error {}

export function solveExact(
  rules: MeldRules,
  melds: readonly OriginalMeld[],
  own: readonly CardId[],
  budget: number,
): DpResult {
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
  const movedBy = (a: DpResult) => (a.placed === most ? tableCards - a.kept : Infinity);
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
  const worth = (a: DpResult) => a.placed * PLACED_WEIGHT + a.kept;
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
): DpResult | null | undefined {
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
  search: (moved: number, narrow: number | null, tightest?: boolean) => DpResult | null,
  rescore: (melds: CardId[][]) => DpResult,
  settle: (cap: number) => "empty" | "found" | "open",
  best: () => DpResult,
  movedBy: (a: DpResult) => number,
): DpResult {
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
    let found: DpResult | null = null;
    for (const width of widths) if ((found = search(cap, width))) break;
    found ??= search(cap, budget, true);
    if (!found) throw new TooComplexError(budget);
    // The states kept may have matched the arrangement's melds less well than
    // the best matching does: its moves are counted again.
    return rescore(found.melds);
  }
  return best();
}

class RankProgramme {
  private readonly maxLen: number;
  private readonly cut: number;
  /** per processing index and suit: how many of the next ranks have cards, before the cut */
  private readonly ahead: number[][];
  /** own cards at processing index i and after */
  private readonly ownAfter: number[];
  /** table cards before processing index i */
  private readonly tableBefore: number[];
  /** per processing index, set as the programme reaches it: the suits in the order processed */
  private readonly suitOrder: number[][] = [];
  /** per processing index and step: own cards still to come once that step's suit is done */
  private readonly ownLeft: number[][] = [];
  /** per processing index b: own cards from b on that might go down with no table card from b on moved */
  private readonly stillFree: number[];
  /** per processing index and step: ownLeft, counting from the next index only those of stillFree */
  private readonly freeLeft: number[][] = [];
  /** per processing index and step: table cards seen once that step's suit is done */
  private readonly tableSeen: number[][] = [];
  /** per space (i * SUIT_COUNT + s) and suit state id: surelyMovingIn(i, s, id) */
  private readonly movingCache: number[][] = [];
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
  /**
   * Suit states by space (i * SUIT_COUNT + s: suit s before processing index
   * i), each space numbering its own, so the ids a layer's keys hold are
   * bounded per suit and rank rather than over the whole programme.
   */
  private readonly states: SuitState[][] = [];
  /** per space: the ids of its states by stateHash (a list only where hashes collide) */
  private readonly stateIds: Map<number, number | number[]>[] = [];
  /** per space (i * SUIT_COUNT + s) and loss limit (options), then suit state id */
  private readonly optionCache: Option[][][] = [];
  /** per space and number of cards given out: cardOrders */
  private readonly orderCache: Phys[][][][] = [];
  private readonly extraCache = new Map<number, number>();
  private readonly formCache = new Map<number, boolean>();
  private goal: Goal = { placed: 0, moved: 0, narrow: null };
  /** Whether this run builds only the options within its cap (lossLimit). */
  private limited = false;
  private trail: Trail | null = null;
  /** Options tried on states so far, over every run: what the searches have cost. */
  work = 0;
  private readonly freerCache: number[][] = [];
  /** With the relaxation's prices: what states can still gain (future.ts), per space and suit state id. */
  private future: FutureBound | null = null;
  private readonly futureCache: number[][] = [];

  constructor(
    private readonly rules: MeldRules,
    private readonly melds: readonly OriginalMeld[],
    own: readonly CardId[],
    private readonly budget: number,
  ) {
    // A classic run holds each rank once, so 13 never binds there.
    this.maxLen = Math.min(rules.maxRunLength, RANKS);
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
      return longest > this.maxLen;
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
  private indexOf(rank: number): number {
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

  /** From now on, states that cannot reach the goal at these prices are dropped. */
  usePrices(relaxation: Relaxation): void {
    this.future = new FutureBound(
      relaxation,
      this.melds,
      (rank) => this.indexOf(rank),
      (origin) => this.runInfo[origin]?.crossing ?? false,
    );
    this.futureCache.length = 0;
    // The trail's states were kept without them.
    this.trail = null;
  }

  /** What suit s's state `id` before processing index i can still gain, at the prices. */
  private futureOf(i: number, s: number, id: number): number {
    const memo = (this.futureCache[i * SUIT_COUNT + s] ??= []);
    let bound = memo[id];
    if (bound === undefined) {
      const { runs, status, pieces } = this.stateAt(i, s, id);
      const originals = {
        unmatched: [] as number[],
        reserved: [] as number[],
        matched: [] as number[],
      };
      for (let j = 0; j < status.length; j += 2) {
        const [origin, value] = [status[j]!, status[j + 1]!];
        if (value === UNMATCHED) originals.unmatched.push(origin);
        else originals.matched.push(origin);
        if (value === RESERVED) originals.reserved.push(origin);
      }
      const waiting = pieces.length + runs.filter((r) => r.inc).length;
      bound = memo[id] = this.future!.suit(i, s, runs, originals, waiting);
    }
    return bound;
  }

  /** The best arrangement that reaches the goal, or null when none does. */
  run(goal: Goal): DpResult | null {
    const { future } = this;
    const trail = this.trail;
    this.trail = null;
    // An exact run without prices leaves a trail when a higher cap may
    // follow; the next such run goes on from it (the suit order and every
    // state kept).
    const exact = goal.narrow === null && future === null;
    const upTo = goal.upTo ?? goal.moved;
    const traced = exact && upTo > goal.moved;
    // Options passing the cap are needed only by a trail for a higher cap.
    this.limited = goal.narrow === null && !traced;
    const resume =
      exact &&
      trail !== null &&
      trail.placed === goal.placed &&
      trail.moved < goal.moved &&
      goal.moved <= trail.upTo;
    this.goal = goal;
    // The work counts as if the run started afresh: the relaxation's bound,
    // due after so much work, comes at the same cap either way.
    const start = this.work;
    if (resume) this.work += trail.work;
    // Its memo depends on the suit order, which each fresh run sets anew.
    if (!resume) this.formCache.clear();
    const levels = resume ? trail.levels : [];
    const over = resume ? trail.over : [];
    // The states of the level before that are new in this run, by profile.
    let fresh: Level = new Map();
    if (!resume) {
      const initial = filled(SUIT_COUNT, (s) => {
        const status: number[] = [];
        for (const origin of this.crossing[s]!) status.push(origin, UNMATCHED);
        return this.intern(0, s, { runs: [], status, pieces: [] });
      });
      const root = { value: 0, moving: 0, parent: null, option: null };
      fresh.set(0, new Map([[keyOf(initial), root]]));
    }
    // Less a little: the prices' float sums may fall short of the exact bound.
    const least = goal.placed * PLACED_WEIGHT + this.tableBefore[RANKS]! - goal.moved - 1e-6;
    for (let i = 0; i < RANKS; i++) {
      if (!resume) this.orderSuits(i, fresh.get(0) ?? new Map());
      for (let step = 0; step < SUIT_COUNT; step++) {
        const s = this.suitOrder[i]![step]!;
        // The rank's sets are settled with its last suit, so no state of a
        // profile that cannot form sets is ever counted against the budget.
        const last = step === LAST_SUIT;
        const level = i * SUIT_COUNT + step;
        const made: Level = (levels[level] ??= new Map());
        const next: Level = resume ? new Map() : made;
        const waiting = resume ? over[level] : undefined;
        if (waiting) over[level] = this.admit(waiting, made, next);
        // Table cards seen before this step's suit.
        const seen = step > 0 ? this.tableSeen[i]![step - 1]! : this.tableBefore[i]!;
        const pending = this.pendingAfter(i, step);
        const ahead = future ? future.ahead(i, pending) : 0;
        for (const [extra, entries] of fresh) {
          // What an option's set cards make of this profile depends only on
          // their pattern: worked out once per pattern for all the entries.
          const joins: (Join | null)[] = [];
          const counted = seen - mayStay(extra);
          for (const [key, entry] of entries) {
            const id = digit(key, s);
            // The suit about to move on still stands at the index before.
            const othersMoving = entry.moving - (i > 0 ? this.surelyMovingIn(i - 1, s, id) : 0);
            const options = this.options(i, s, id, this.lossLimit(entry, counted));
            this.work += options.length;
            // What the entry's other suits can still gain: those done at i, from i + 1.
            let rest = ahead;
            if (future)
              for (let t = 0; t < SUIT_COUNT; t++)
                if (t !== s)
                  rest += this.futureOf(pending & (1 << t) ? i : i + 1, t, digit(key, t));
            for (const option of options) {
              const j = option.pattern * 4 + option.setsTaken;
              let to = joins[j];
              if (to === undefined) joins[j] = to = this.join(extra, option, i, step, made, next);
              if (to === null) continue;
              const value = entry.value + option.gain + to.credit;
              const moving = othersMoving + option.moving;
              const moved = this.surelyMoved(value, to.staying, moving, i, step);
              const nextKey = key + (option.next - id) * POW[s]!;
              if (moved > goal.moved) {
                if (traced && moved <= upTo) {
                  const into = last
                    ? 0
                    : this.combineExtra(extra, option.pattern, option.setsTaken);
                  (over[level] ??= []).push({
                    extra: into,
                    key: nextKey,
                    value,
                    moving,
                    moved,
                    parent: entry,
                    option,
                  });
                }
                continue;
              }
              if (
                future &&
                value +
                  future.toPlace(Math.floor(value / PLACED_WEIGHT)) +
                  rest +
                  this.futureOf(i + 1, s, option.next) <
                  least
              )
                continue;
              upsert(to.into, to.fresh, nextKey, value, moving, entry, option);
            }
          }
        }
        fresh = next;
        if (last) this.dropDominated(made.get(0), next.get(0), i);
        let size = 0;
        for (const entries of made.values()) size += entries.size;
        const { narrow } = this.goal;
        if (narrow !== null && size > narrow) {
          if (future && this.goal.tightest) this.keepTightest(made, narrow, i, step, least);
          else this.keepNearest(made, last, narrow);
        } else if (size > this.budget) throw new TooComplexError(size);
        if (this.work > (this.goal.stopAfter ?? Infinity)) throw new Stopped();
      }
    }
    // The states of a trail's last level all failed to join their pieces.
    let best: Entry | null = null;
    let bestKey = 0;
    for (const [key, entry] of fresh.get(0) ?? []) {
      if (best && entry.value <= best.value) continue;
      if (
        [0, 1, 2, 3].every(
          (s) => this.joinPieces(this.stateAt(RANKS, s, digit(key, s)), s) !== null,
        )
      )
        [best, bestKey] = [entry, key];
    }
    if (best) return this.rebuild(best, bestKey);
    if (traced)
      this.trail = {
        placed: goal.placed,
        moved: goal.moved,
        upTo,
        levels,
        over,
        work: this.work - start,
      };
    return null;
  }

  /**
   * A trail's states of one level dropped under a lower cap that this cap
   * keeps: made again, as new. Returns those still over the cap.
   */
  private admit(waiting: readonly Over[], made: Level, next: Level): Over[] {
    const still: Over[] = [];
    for (const o of waiting) {
      if (o.moved > this.goal.moved) still.push(o);
      else
        upsert(
          group(made, o.extra),
          group(next, o.extra),
          o.key,
          o.value,
          o.moving,
          o.parent,
          o.option,
        );
    }
    return still;
  }

  /**
   * Where an option's set cards take a profile at step `step` of processing
   * index i: into the next layer with the rank's sets credited (last step) or
   * into the next step's group of its profile; null when they cannot form sets.
   */
  private join(
    extra: number,
    { pattern, setsTaken }: Option,
    i: number,
    step: number,
    made: Level,
    next: Level,
  ): Join | null {
    const nextExtra = this.combineExtra(extra, pattern, setsTaken);
    if (nextExtra < 0) return null;
    if (step === LAST_SUIT) {
      const credit = setCredit(nextExtra);
      if (credit < 0) return null;
      return { into: group(made, 0), fresh: group(next, 0), credit, staying: 0 };
    }
    if (!this.setsMayForm(nextExtra, i, step)) return null;
    const [into, fresh] = [group(made, nextExtra), group(next, nextExtra)];
    return { into, fresh, credit: 0, staying: mayStay(nextExtra) };
  }

  /**
   * The narrowed search's cut: keeps `width` states nearest the
   * goal, by own cards placed and then by table cards surely moved (as in
   * surelyMoved), and drops the others. Nearer by value alone (placed, then
   * kept) answered fewer of the positions over the budget.
   */
  private keepNearest(made: Level, last: boolean, width: number): void {
    const groups: [Map<number, Entry>, number][] = [];
    for (const [extra, entries] of made) groups.push([entries, last ? 0 : mayStay(extra)]);
    // Moved cards never pass the table's 104, so the worth stays positive.
    const worth = (entry: Entry, staying: number) =>
      PLACED_WEIGHT + entry.value + staying - entry.moving;
    keepBest(groups, width, (entry, _key, staying) => worth(entry, staying));
  }

  /**
   * The narrowed search's other cut: keeps `width` states whose bound at the
   * prices (future.ts) is least above the goal, after step `step` of index i.
   * As a second try it answers positions the first cannot; as the only one
   * it answered fewer.
   */
  private keepTightest(made: Level, width: number, i: number, step: number, least: number): void {
    const future = this.future!;
    const pending = this.pendingAfter(i, step);
    const base = future.ahead(i, pending);
    const groups: [Map<number, Entry>, number][] = [];
    for (const entries of made.values()) groups.push([entries, 0]);
    // Sixteenths of a point above the goal, the least kept first.
    keepBest(groups, width, (entry, key) => {
      let bound = entry.value + future.toPlace(Math.floor(entry.value / PLACED_WEIGHT)) + base;
      for (let t = 0; t < SUIT_COUNT; t++)
        bound += this.futureOf(pending & (1 << t) ? i : i + 1, t, digit(key, t));
      return Math.max(0, SLACK_SCALE - Math.floor((bound - least) * 16));
    });
  }

  /** The suits still to take their cards of processing index i after step `step`, as a mask. */
  private pendingAfter(i: number, step: number): number {
    let pending = 0;
    for (const t of this.suitOrder[i]!.slice(step + 1)) pending |= 1 << t;
    return pending;
  }

  /**
   * The order of the suits at processing index i: the fewest options per
   * state first, so that the suit with the most goes last, straight into the
   * next layer with the rank's sets settled, instead of multiplying the
   * states of the suits after it.
   */
  private orderSuits(i: number, layer: Map<number, Entry>): void {
    // Each suit state's entries, and the most they may lose: the rank's later
    // steps ask for no more (an entry's surely moved cards never fall).
    const states = [0, 1, 2, 3].map(() => new Map<number, { limit: number; entries: number }>());
    for (const [key, entry] of layer) {
      const limit = this.lossLimit(entry, this.tableBefore[i]!);
      for (let s = 0; s < SUIT_COUNT; s++) {
        const id = digit(key, s);
        const seen = states[s]!.get(id);
        if (!seen) states[s]!.set(id, { limit, entries: 1 });
        else [seen.limit, seen.entries] = [Math.max(seen.limit, limit), seen.entries + 1];
      }
    }
    const options = states.map((ids, s) => {
      let n = 0;
      for (const [id, { limit, entries }] of ids)
        n += entries * this.options(i, s, id, limit).length;
      return n;
    });
    const order = sortShort([0, 1, 2, 3], (a, b) => options[a]! - options[b]!);
    this.suitOrder[i] = order;
    let seen = this.tableBefore[i]!;
    this.tableSeen[i] = order.map((s) => (seen += this.tableAt(i, s).length));
    const rest = (step: number) => {
      let n = 0;
      for (const t of order.slice(step + 1)) n += this.handAt(i, t).length;
      return n;
    };
    this.ownLeft[i] = order.map((_, step) => rest(step) + this.ownAfter[i + 1]!);
    this.freeLeft[i] = order.map((_, step) => rest(step) + this.stillFree[i + 1]!);
  }

  /**
   * The table cards an entry's next option may lose within the cap, when the
   * run builds only those (`limited`), `counted` being the table cards seen
   * less those a set may still keep: each one lost moves, since the entry's
   * surely moved cards never fall.
   */
  private lossLimit(entry: Entry, counted: number): number {
    if (!this.limited) return LOSS_LIMITS;
    const moved = counted - (entry.value % PLACED_WEIGHT) + entry.moving;
    return Math.max(0, this.goal.moved - moved);
  }

  /**
   * The table cards a state worth `value` once step `step` of processing
   * index i is done surely moves, or Infinity when too few own cards are
   * left to place the goal's. A table card is surely moved once it is seen
   * and not kept, unless it waits in a set that may still keep it (`staying`),
   * and so are the cards ahead of original runs already matched elsewhere
   * (`moving`). When the own cards still to place outnumber those that
   * might go down with nothing more moved, one more will move.
   */
  private surelyMoved(
    value: number,
    staying: number,
    moving: number,
    i: number,
    step: number,
  ): number {
    const placed = Math.floor(value / PLACED_WEIGHT);
    if (placed + this.ownLeft[i]![step]! < this.goal.placed) return Infinity;
    const moved = this.tableSeen[i]![step]! - (value % PLACED_WEIGHT) - staying + moving;
    // Cards bound to move are free for own cards' melds: stillFree does not count them.
    const short = moving === 0 && placed + this.freeLeft[i]![step]! < this.goal.placed;
    return short ? moved + 1 : moved;
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

  /**
   * Cards still ahead of original runs that some closed meld or a set was
   * matched to: no open run continues them, so they will all move. Counted for
   * suit t in state `id` once processing index `at` is done; an entry sums it
   * over its suits, each at the index it has done.
   */
  private surelyMovingIn(at: number, t: number, id: number): number {
    const memo = (this.movingCache[at * SUIT_COUNT + t] ??= []);
    let n = memo[id];
    if (n === undefined) {
      n = 0;
      for (const origin of this.givenUp(this.stateAt(at + 1, t, id)))
        n += Math.max(0, this.runInfo[origin]!.last - at);
      memo[id] = n;
    }
    return n;
  }

  /** A suit state's original runs matched to a closed meld or a set: no open run continues them. */
  givenUp({ runs, status }: SuitState): number[] {
    const origins: number[] = [];
    for (let j = 0; j < status.length; j += 2) {
      const origin = status[j]!;
      if (
        status[j + 1] === TAKEN &&
        !this.runInfo[origin]!.crossing &&
        !runs.some((r) => r.tag === origin)
      )
        origins.push(origin);
    }
    return origins;
  }

  /** The id of suit s's state before processing index i. */
  private intern(i: number, s: number, state: SuitState): number {
    const space = i * SUIT_COUNT + s;
    const hash = stateHash(state);
    const found = this.find(space, hash, state);
    if (found >= 0) return found;
    const states = (this.states[space] ??= []);
    const ids = (this.stateIds[space] ??= new Map());
    const id = states.length;
    if (id >= ID_BASE) throw new TooComplexError(id);
    states.push(state);
    const same = ids.get(hash);
    ids.set(hash, same === undefined ? id : typeof same === "number" ? [same, id] : [...same, id]);
    return id;
  }

  /** The id of a state equal to `state` in a space, or -1. */
  private find(space: number, hash: number, state: SuitState): number {
    const same = this.stateIds[space]?.get(hash);
    if (same === undefined) return -1;
    const states = this.states[space]!;
    if (typeof same === "number") return sameState(states[same]!, state) ? same : -1;
    for (const id of same) if (sameState(states[id]!, state)) return id;
    return -1;
  }

  /**
   * Drops the states of a finished layer that another state of it dominates:
   * the same but for runs matched to a finished meld (DONE) being free,
   * closed incoming pieces matched within themselves being free, or original
   * runs taken by a closed meld or a set being unmatched, and worth no less.
   * The freer one can do all the other can (and claim more), so every
   * arrangement the dropped state leads to, the other leads to as well, worth
   * no less.
   */
  private dropDominated(
    layer: Map<number, Entry> | undefined,
    fresh: Map<number, Entry> | undefined,
    i: number,
  ): void {
    if (!layer || !fresh) return;
    // Only the new states: the others were checked when they were made.
    for (const [key, entry] of fresh)
      for (let s = 0; s < SUIT_COUNT; s++) {
        const id = digit(key, s);
        const freer = this.freerId(i, s, id);
        if (freer < 0) continue;
        const other = layer.get(key + (freer - id) * POW[s]!);
        if (other && other.value >= entry.value) {
          layer.delete(key);
          fresh.delete(key);
          break;
        }
      }
  }

  /**
   * The id of suit s's state once processing index i is done with its DONE
   * runs of up to five cards free, its claimed pieces free and its original
   * runs taken by nothing open unmatched, or -1 when that is the same state
   * or none such was made. Longer DONE runs stay: a free run is split at six,
   * so it never has their length.
   */
  private freerId(i: number, s: number, id: number): number {
    const memo = (this.freerCache[i * SUIT_COUNT + s] ??= []);
    let freer = memo[id];
    if (freer === undefined) {
      const { runs, status, pieces } = this.stateAt(i + 1, s, id);
      const relaxed: SuitState = {
        runs: sortShort(
          runs.map((r) => (r.tag === DONE && r.len <= 5 ? { ...r, tag: FREE } : r)),
          compareRuns,
        ),
        status: status.map((v, j) =>
          j % 2 === 1 && v === TAKEN && !runs.some((r) => r.tag === status[j - 1]) ? UNMATCHED : v,
        ),
        pieces: sortShort(
          pieces.map((p) => (p.tag === PIECE_CLAIMED ? { ...p, tag: PIECE_FREE } : p)),
          comparePieces,
        ),
      };
      const found = this.find((i + 1) * SUIT_COUNT + s, stateHash(relaxed), relaxed);
      freer = found === id ? -1 : found;
      memo[id] = freer;
    }
    return freer;
  }

  private stateAt(i: number, s: number, id: number): SuitState {
    return this.states[i * SUIT_COUNT + s]![id]!;
  }

  /**
   * Every way one suit can take its cards of the rank at processing index i,
   * or, below LOSS_LIMITS, those losing at most `limit` of its table cards.
   */
  private options(i: number, s: number, id: number, limit = LOSS_LIMITS): Option[] {
    const bounded = Math.min(limit, LOSS_LIMITS);
    const space = (i * SUIT_COUNT + s) * (LOSS_LIMITS + 1);
    // Options built for a higher limit will do: those over the cap cost a test each.
    for (let l = bounded; l <= LOSS_LIMITS; l++) {
      const cached = this.optionCache[space + l]?.[id];
      if (cached) return cached;
    }
    const most = bounded < LOSS_LIMITS ? bounded : Infinity;
    const built = new SuitStep(this, i, s, this.stateAt(i, s, id), most).options();
    for (const option of built) option.moving = this.surelyMovingIn(i, s, option.next);
    (this.optionCache[space + bounded] ??= [])[id] = built;
    return built;
  }

  /** Adds one suit's set cards and run claims to the rank's profile; -1 on a clash. */
  private combineExtra(extra: number, pattern: number, setsTaken: number): number {
    if (pattern === 0 && setsTaken === 0) return extra;
    const memo = (extra * 16 + pattern) * 4 + setsTaken;
    let result = this.extraCache.get(memo);
    if (result === undefined) {
      const taken = extra & 3;
      if (taken & setsTaken) result = -1;
      else {
        const digits = profileDigits(extra >> 2);
        if (pattern > 0) digits.push(pattern);
        sortShort(digits, (a, b) => b - a);
        result = (digits.reduce((acc, d) => acc * 16 + d, 0) << 2) | taken | setsTaken;
      }
      this.extraCache.set(memo, result);
    }
    return result;
  }

  /**
   * Whether the suits after this step at processing index i can still complete
   * the profile's set cards into at most two sets: each sends 0–2 of its cards.
   */
  private setsMayForm(extra: number, i: number, step: number): boolean {
    const memo = extra * RANKS * SUIT_COUNT + i * SUIT_COUNT + step;
    let fits = this.formCache.get(memo);
    if (fits === undefined) {
      let one = 0;
      let two = 0;
      for (const pattern of profileDigits(extra >> 2))
        if (patternClasses(pattern).length === 1) one++;
        else two++;
      fits = this.completes(i, step + 1, one, two);
      this.formCache.set(memo, fits);
    }
    return fits;
  }

  /** Whether suits k… of processing index i can make a1 suits sending one and a2 two into sets. */
  private completes(i: number, k: number, a1: number, a2: number): boolean {
    if (k === SUIT_COUNT) return SETS_FIT[a1 * 5 + a2]!;
    const t = this.suitOrder[i]![k]!;
    const have = this.tableAt(i, t).length + this.handAt(i, t).length;
    return (
      this.completes(i, k + 1, a1, a2) ||
      (have >= 1 && this.completes(i, k + 1, a1 + 1, a2)) ||
      (have >= 2 && this.completes(i, k + 1, a1, a2 + 1))
    );
  }

  /**
   * Ends the runs still open after the last rank: each either closes there or
   * continues across the cut into one of the incoming pieces, and every piece
   * is joined. Returns for each run its piece (or -1: closed), or null.
   */
  private joinPieces(state: SuitState, s: number, j = 0, used = 0): number[] | null {
    const run = state.runs[j];
    if (!run) return used === (1 << state.pieces.length) - 1 ? [] : null;
    for (let p = -1; p < state.pieces.length; p++) {
      if (p < 0 ? !this.canClose(state, run) : used & (1 << p) || !this.fits(state, s, run, p))
        continue;
      const rest = this.joinPieces(state, s, j + 1, p < 0 ? used : used | (1 << p));
      if (rest) return [p, ...rest];
    }
    return null;
  }

  /** Whether a run open after the last rank may close there. */
  private canClose(state: SuitState, run: Run): boolean {
    return (
      !run.inc &&
      run.len >= 3 &&
      !(run.tag >= 0 && statusOf(state.status, run.tag) === RESERVED_JOINED)
    );
  }

  /** Whether a run open after the last rank may continue into incoming piece p. */
  private fits(state: SuitState, s: number, run: Run, p: number): boolean {
    const piece = state.pieces[p]!;
    const total = run.len + piece.post;
    if (total < 3 || (this.lengthMatters[s] && total > this.maxLen)) return false;
    // Classic: a run may hold the Ace only at an end.
    if (!this.rules.wrapsThroughAce && this.orderRank(LAST) === 0 && run.len !== 1) return false;
    if (run.tag === FREE) return true;
    if (run.tag >= 0 && statusOf(state.status, run.tag) === RESERVED_JOINED)
      return piece.tag === run.tag;
    return piece.tag === PIECE_FREE;
  }

  orderRank(i: number): number {
    return (i + this.cut) % RANKS;
  }

  private rebuild(last: Entry, lastKey: number): DpResult {
    const steps: Option[] = [];
    for (let e: Entry | null = last; e; e = e.parent) if (e.option) steps.push(e.option);
    steps.reverse();
    const melds: CardId[][] = [];
    const open: CardId[][][] = filled(SUIT_COUNT, () => []);
    const pieces: { piece: Piece; cards: CardId[] }[][] = filled(SUIT_COUNT, () => []);
    let placed = 0;
    let kept = 0;
    for (let i = 0; i < RANKS; i++) {
      const setCards: { id: CardId; cls: number }[] = [];
      let setsTaken = 0;
      for (let step = 0; step < SUIT_COUNT; step++) {
        const s = this.suitOrder[i]![step]!;
        const option = steps[i * SUIT_COUNT + step]!;
        const before = open[s]!;
        for (const { from, piece } of option.closed) {
          if (piece) pieces[s]!.push({ piece, cards: before[from]! });
          else melds.push(before[from]!);
        }
        open[s] = option.sources.map(({ from, card, split }) => {
          let cards = [...(from >= 0 ? before[from]! : []), card];
          if (split !== undefined) {
            if (split) pieces[s]!.push({ piece: split, cards: cards.slice(0, 3) });
            else melds.push(cards.slice(0, 3));
            cards = cards.slice(3);
          }
          return cards;
        });
        setCards.push(...option.setCards);
        setsTaken |= option.setsTaken;
        placed += Math.floor(option.gain / PLACED_WEIGHT);
        kept += option.gain % PLACED_WEIGHT;
      }
      const sets = arrangeSets(
        setCards.map(({ id, cls }) => ({ suit: suitIndex(id), cls })),
        setsTaken,
      );
      if (!sets) throw new Error("internal: a rank's sets cannot be rebuilt");
      kept += sets.kept;
      for (const g of [0, 1]) {
        const group = setCards.filter((_, j) => sets.group[j] === g).map((c) => c.id);
        if (group.length > 0) melds.push(group);
      }
    }
    for (let s = 0; s < SUIT_COUNT; s++) {
      const state = this.stateAt(RANKS, s, digit(lastKey, s));
      const ends = this.joinPieces(state, s)!;
      ends.forEach((p, j) => {
        if (p < 0) {
          melds.push(open[s]![j]!);
          return;
        }
        const want = state.pieces[p]!;
        const at = pieces[s]!.findIndex(
          (x) => x.piece.post === want.post && x.piece.tag === want.tag,
        );
        melds.push([...open[s]![j]!, ...pieces[s]![at]!.cards]);
        pieces[s]!.splice(at, 1);
      });
    }
    return { placed, kept, melds };
  }

  // --- read by SuitStep ---
  tableAt(i: number, s: number): Phys[] {
    return this.table[this.orderRank(i)]![s]!;
  }
  handAt(i: number, s: number): CardId[] {
    return this.hand[this.orderRank(i)]![s]!;
  }
  setIndex(i: number, origin: number): number {
    return this.setsAt[this.orderRank(i)]!.indexOf(origin);
  }
  info(origin: number): RunInfo | undefined {
    return this.runInfo[origin];
  }
  starting(i: number, s: number): number[] {
    return this.startingAt[i]![s]!;
  }
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
    return this.rules.wrapsThroughAce && !info.crossing && info.last >= i + 1 + RANKS - this.maxLen;
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
  /** The id of suit s's state once processing index i is done. */
  internState(i: number, s: number, state: SuitState): number {
    return this.intern(i + 1, s, state);
  }
  /** Whether a run of this length at processing index i can still reach three cards. */
  canComplete(i: number, s: number, len: number): boolean {
    if (len >= 3) return true;
    const ahead = this.ahead[i]![s]!;
    return ahead >= 3 - len || (i + ahead === LAST && this.crossable[s]!);
  }
  get ruleSet(): MeldRules {
    return this.rules;
  }
  get longest(): number {
    return this.maxLen;
  }
}

type Use = { kind: "cont"; from: number } | { kind: "new"; inc: boolean } | { kind: "set" };

const usesMemo = new Map<number, readonly Use[]>();
/** The set cards of every option that sends none: shared, never changed. */
const NO_SET_CARDS: readonly { id: CardId; cls: number }[] = [];

/**
 * A suit's uses of its cards at a rank: the runs of mask `conts` continued,
 * `fresh` new runs (the first `inc` of them incoming pieces), `toSets` set
 * cards. Few combinations exist, so each list is built once.
 */
function usesOf(conts: number, fresh: number, inc: number, toSets: number): readonly Use[] {
  const key = ((conts * 3 + fresh) * 3 + inc) * 3 + toSets;
  let uses = usesMemo.get(key);
  if (!uses) {
    const list: Use[] = [];
    for (let from = 0; conts >> from; from++)
      if (conts & (1 << from)) list.push({ kind: "cont", from });
    for (let j = 0; j < fresh; j++) list.push({ kind: "new", inc: j < inc });
    for (let j = 0; j < toSets; j++) list.push({ kind: "set" });
    usesMemo.set(key, (uses = list));
  }
  return uses;
}

/**
 * The options of one suit at one rank, from one suit state. The uses of the
 * rank's cards are enumerated depth first on one draft, each choice undone
 * once its branch is explored.
 */
class SuitStep {
  private readonly found = new Map<number, Option>();
  private readonly tableCards: Phys[];
  private readonly handCards: CardId[];
  // The draft: what the choices so far make of the suit.
  private uses: readonly Use[] = [];
  private cards: readonly Phys[] = [];
  private closed: Option["closed"] = [];
  private runs: { run: Run; source: Source }[] = [];
  private status: number[] = [];
  private kept = 0;
  private setsTaken = 0;
  private setCards: { id: CardId; cls: number }[] = [];
  /** per status entry (its origin at 2j): whether that original run ends at this rank */
  private readonly ending: boolean[] = [];
  /** table cards the draft loses (neither kept nor waiting in a set), of those not lost already */
  private lost = 0;
  /** original runs matched elsewhere that no run continues: their cards are lost already */
  private readonly gone: number[];

  constructor(
    private readonly p: RankProgramme,
    private readonly i: number,
    private readonly s: number,
    private readonly state: SuitState,
    /** the most table cards an option may lose: more would pass the cap */
    private readonly limit: number,
  ) {
    this.tableCards = p.tableAt(i, s);
    this.handCards = p.handAt(i, s);
    this.gone = limit < Infinity ? p.givenUp(state) : [];
  }

  /** 1 when card u, going where it keeps `kept` table cards, is a table card newly lost and counted. */
  private loses(u: number, kept: number): number {
    if (this.limit === Infinity) return 0;
    const { origin } = this.cards[u]!;
    return kept === 0 && origin !== HAND && !this.gone.includes(origin) ? 1 : 0;
  }

  options(): Option[] {
    const status = [...this.state.status];
    for (const origin of this.p.starting(this.i, this.s)) status.push(origin, UNMATCHED);
    this.status = status;
    // Claims change the statuses' values during the search, never their origins.
    for (let j = 0; j < status.length; j += 2) this.ending.push(this.endsHere(status[j]!));
    const runs = this.state.runs;
    for (let closeMask = 0; closeMask < 1 << runs.length; closeMask++) {
      const closed: { from: number; piece: Piece | null }[] = [];
      let conts = 0;
      let continuing = 0;
      let ok = true;
      for (let j = 0; j < runs.length && ok; j++) {
        const run = runs[j]!;
        if (closeMask & (1 << j)) {
          if (run.inc)
            closed.push({ from: j, piece: { post: run.len, tag: pieceTag(run, status) } });
          else if (run.len < 3 || (run.tag >= 0 && statusOf(status, run.tag) === RESERVED_JOINED))
            ok = false;
          else closed.push({ from: j, piece: null });
        } else if (this.canContinue(run)) {
          conts |= 1 << j;
          continuing++;
        } else ok = false;
      }
      if (!ok) continue;
      this.closed = closed;
      const have = this.tableCards.length + this.handCards.length;
      for (let fresh = 0; fresh <= 2; fresh++) {
        for (let toSets = 0; toSets <= 2; toSets++) {
          const k = continuing + fresh + toSets;
          if (k < this.tableCards.length || k > have) continue;
          const orders = this.p.cardOrders(this.i, this.s, k);
          const incoming = this.i === 0 && this.p.crossable[this.s] ? fresh : 0;
          for (let inc = 0; inc <= incoming; inc++) {
            this.uses = usesOf(conts, fresh, inc, toSets);
            for (const order of orders) {
              this.cards = order;
              this.assign(0);
            }
          }
        }
      }
    }
    return [...this.found.values()];
  }

  /** Whether original run `origin` has its last card at this rank. */
  private endsHere(origin: number): boolean {
    const info = this.p.info(origin)!;
    return !info.crossing && info.last === this.i;
  }

  private canContinue(run: Run): boolean {
    // Classic: only a run that starts at the Ace goes on to the 2.
    if (!this.p.ruleSet.wrapsThroughAce && this.p.orderRank(this.i) === 1 && this.i > 0)
      return !run.inc && run.len === 1;
    if (run.tag === FREE || !this.p.lengthMatters[this.s]) return true; // free runs split instead
    return run.len + 1 <= this.p.longest - (run.inc ? 1 : 0);
  }

  /** Every way card u can take use u, each followed by the uses after it. */
  private assign(u: number): void {
    const use = this.uses[u];
    if (!use) {
      this.finish();
      return;
    }
    const card = this.cards[u]!;
    if (use.kind === "set") {
      const setIndex = this.p.setIndex(this.i, card.origin);
      const cls =
        setIndex === 0 ? SET_CARD.firstSet : setIndex === 1 ? SET_CARD.secondSet : SET_CARD.other;
      this.toSet(u, card.id, cls);
      if (card.origin >= 0 && setIndex < 0 && statusOf(this.status, card.origin) === UNMATCHED) {
        setStatus(this.status, card.origin, TAKEN);
        this.toSet(u, card.id, SET_CARD.runClaim);
        setStatus(this.status, card.origin, UNMATCHED);
      }
      return;
    }
    const before = use.kind === "cont" ? this.state.runs[use.from]! : null;
    let run: Run = before
      ? { len: before.len + 1, tag: before.tag, inc: before.inc }
      : { len: 1, tag: FREE, inc: use.kind === "new" && use.inc };
    const source: Source = { from: use.kind === "cont" ? use.from : -1, card: card.id };
    if (!this.p.lengthMatters[this.s]) run.len = Math.min(run.len, 3);
    // A free run of six is three complete cards plus a fresh run of three.
    else if (run.tag === FREE && run.len === 6) {
      source.split = run.inc ? { post: 3, tag: PIECE_FREE } : null;
      run = { len: 3, tag: FREE, inc: false };
    }
    if (run.tag !== FREE) {
      this.toRun(u, run, source, run.tag >= 0 && card.origin === run.tag ? 1 : 0);
      return;
    }
    this.toRun(u, run, source, 0);
    const origin = card.origin;
    const setIndex = this.p.setIndex(this.i, origin);
    if (setIndex >= 0) {
      const taken = this.setsTaken;
      this.setsTaken |= 1 << setIndex;
      this.toRun(u, { ...run, tag: DONE }, source, 1);
      this.setsTaken = taken;
    } else if (origin >= 0) {
      const status = statusOf(this.status, origin);
      // A run may join the piece that reserved an original wherever it
      // meets that original's cards: round the Ace, the two can share two
      // stretches (8…A-2-3-4 with A…10: 8-9-10 and A-2-3-4).
      const claim =
        status === UNMATCHED ? TAKEN : status === RESERVED && !run.inc ? RESERVED_JOINED : -1;
      if (claim >= 0) this.toMatchedRun(u, run, source, origin, claim, 1);
      // A run round the Ace may share both ends with an original run that
      // does not cross the cut (K-A-2…8 and 6…K): its piece reserves that
      // run, so its part before the cut keeps the cards there too.
      if (run.inc && status === UNMATCHED && this.p.mayRejoin(this.i, origin))
        this.toMatchedRun(u, run, source, origin, RESERVED, 1);
    }
    // An incoming piece may be declared matched to an original run crossing the cut.
    if (run.inc && !before) {
      for (const crossing of this.p.crossingRuns(this.s))
        if (statusOf(this.status, crossing) === UNMATCHED)
          this.toMatchedRun(u, run, source, crossing, RESERVED, origin === crossing ? 1 : 0);
    }
  }

  /** Card u goes into `run` matched to original `origin`, whose status is `claim` while the uses after it are tried. */
  private toMatchedRun(
    u: number,
    run: Run,
    source: Source,
    origin: number,
    claim: number,
    kept: number,
  ): void {
    const status = statusOf(this.status, origin);
    setStatus(this.status, origin, claim);
    this.toRun(u, { ...run, tag: origin }, source, kept);
    setStatus(this.status, origin, status);
  }

  /** Card u goes to a set, as a card of class `cls`; then the uses after it. */
  private toSet(u: number, id: CardId, cls: number): void {
    // A card of an original set, or claiming its run, may still stay where it is.
    const lost = this.loses(u, cls === SET_CARD.other ? 0 : 1);
    if (this.lost + lost > this.limit) return;
    this.lost += lost;
    this.setCards.push({ id, cls });
    this.assign(u + 1);
    this.setCards.pop();
    this.lost -= lost;
  }

  /** Card u goes into `run`, keeping `kept` more table cards; then the uses after it. */
  private toRun(u: number, run: Run, source: Source, kept: number): void {
    const lost = this.loses(u, kept);
    if (this.lost + lost > this.limit) return;
    this.lost += lost;
    this.runs.push({ run, source });
    this.kept += kept;
    this.assign(u + 1);
    this.kept -= kept;
    this.runs.pop();
    this.lost -= lost;
  }

  private finish(): void {
    const drafts = this.runs;
    for (const { run } of drafts)
      if (!run.inc && !this.p.canComplete(this.i, this.s, run.len)) return;
    // Every order gives out all the suit's table cards at the rank, then own cards.
    const placed = this.cards.length - this.tableCards.length;
    // Pieces stay sorted: a state's list is shared unless one is added.
    let pieces = this.state.pieces;
    for (const c of this.closed) if (c.piece) pieces = withPiece(pieces, c.piece);
    for (const r of drafts) if (r.source.split) pieces = withPiece(pieces, r.source.split);
    // Original runs that end here leave the state; runs matched to them are
    // done, but for a run joined to a piece that reserved its original: it
    // still has to join that piece.
    const status: number[] = [];
    for (let j = 0; j < this.status.length; j += 2)
      if (!this.ending[j / 2] || this.status[j + 1] === RESERVED_JOINED)
        status.push(this.status[j]!, this.status[j + 1]!);
    const runs = drafts.map((_, j) => this.done(j));
    const sources = drafts.map((d) => d.source);
    // Two decks: a suit has at most two cards of a rank, so at most two runs.
    if (runs.length === 2 && compareRuns(runs[0]!, runs[1]!) > 0) {
      runs.reverse();
      sources.reverse();
    }
    const next = this.p.internState(this.i, this.s, { runs, status, pieces });
    const cards = this.setCards;
    const pattern =
      cards.length === 0
        ? 0
        : cards.length === 1
          ? 1 + cards[0]!.cls
          : patternOf([cards[0]!.cls, cards[1]!.cls]);
    const gain = placed * PLACED_WEIGHT + this.kept;
    const key = (next * 16 + pattern) * 4 + this.setsTaken;
    const seen = this.found.get(key);
    if (seen && seen.gain >= gain) return;
    this.found.set(key, {
      next,
      moving: 0,
      gain,
      pattern,
      setsTaken: this.setsTaken,
      sources,
      closed: this.closed,
      setCards: cards.length === 0 ? NO_SET_CARDS : [...cards],
    });
  }

  /**
   * Draft run j as the state holds it: a run matched to an original run that
   * ends here is done, unless it is joined to a piece that reserved it.
   */
  private done(j: number): Run {
    const { run } = this.runs[j]!;
    return run.tag >= 0 &&
      this.endsHere(run.tag) &&
      statusOf(this.status, run.tag) !== RESERVED_JOINED
      ? { ...run, tag: DONE }
      : run;
  }
}

// A rank's profile (its suits' set cards, suit-symmetric, and the original sets already
// taken) holds nothing of the position: what its sets keep and which of its cards may stay
// are worked out once for every position (at most 3,060 profiles times 4).
const creditMemo = new Map<number, number>();
const mayStayMemo = new Map<number, number>();

/** Cards kept by the best grouping of a rank's set cards, or -1 if they cannot be grouped. */
function setCredit(extra: number): number {
  let kept = creditMemo.get(extra);
  if (kept === undefined) {
    const cards: SetCard[] = [];
    profileDigits(extra >> 2).forEach((pattern, suit) => {
      for (const cls of patternClasses(pattern)) cards.push({ suit, cls });
    });
    kept = arrangeSets(cards, extra & 3)?.kept ?? -1;
    creditMemo.set(extra, kept);
  }
  return kept;
}

/** Set cards of a rank's profile that a set may still keep where they are. */
function mayStay(extra: number): number {
  let count = mayStayMemo.get(extra);
  if (count === undefined) {
    count = 0;
    for (const pattern of profileDigits(extra >> 2))
      for (const cls of patternClasses(pattern)) if (cls !== SET_CARD.other) count++;
    mayStayMemo.set(extra, count);
  }
  return count;
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

function pieceTag(run: Run, status: readonly number[]): number {
  if (run.tag === FREE) return PIECE_FREE;
  if (run.tag >= 0 && statusOf(status, run.tag) === RESERVED) return run.tag;
  return PIECE_CLAIMED;
}

/** A suit state's hash: equal states (sameState) hash alike. */
function stateHash(state: SuitState): number {
  const { runs, status, pieces } = state;
  let h = (runs.length * 16 + pieces.length) * 64 + status.length;
  for (const r of runs) h = mix(mix(h, r.len * 2 + (r.inc ? 1 : 0)), r.tag);
  for (const v of status) h = mix(h, v);
  for (const p of pieces) h = mix(mix(h, p.post), p.tag);
  return h;
}

function mix(h: number, v: number): number {
  return (Math.imul(h, 0x01000193) ^ (v + 4)) | 0;
}

function sameState(a: SuitState, b: SuitState): boolean {
  if (a.runs.length !== b.runs.length || a.status.length !== b.status.length) return false;
  if (a.pieces.length !== b.pieces.length) return false;
  for (let j = 0; j < a.runs.length; j++) {
    const x = a.runs[j]!;
    const y = b.runs[j]!;
    if (x.len !== y.len || x.tag !== y.tag || x.inc !== y.inc) return false;
  }
  for (let j = 0; j < a.status.length; j++) if (a.status[j] !== b.status[j]) return false;
  for (let j = 0; j < a.pieces.length; j++) {
    const x = a.pieces[j]!;
    const y = b.pieces[j]!;
    if (x.post !== y.post || x.tag !== y.tag) return false;
  }
  return true;
}

function withPiece(pieces: readonly Piece[], piece: Piece): Piece[] {
  return sortShort([...pieces, piece], comparePieces);
}

function comparePieces(a: Piece, b: Piece): number {
  return a.post - b.post || a.tag - b.tag;
}

function compareRuns(a: Run, b: Run): number {
  return Number(a.inc) - Number(b.inc) || a.tag - b.tag || a.len - b.len;
}

function statusOf(status: readonly number[], origin: number): number {
  for (let j = 0; j < status.length; j += 2) if (status[j] === origin) return status[j + 1]!;
  return -1;
}

function setStatus(status: number[], origin: number, value: number): void {
  for (let j = 0; j < status.length; j += 2) if (status[j] === origin) status[j + 1] = value;
}

function keyOf(ids: readonly number[]): number {
  return ids.reduce((key, id, s) => key + id * POW[s]!, 0);
}

const HALF = ID_BASE * ID_BASE;

function digit(key: number, s: number): number {
  // Two suits per half, each half small enough for integer arithmetic.
  const high = Math.floor(key / HALF);
  const half = s < 2 ? key - high * HALF : high;
  return s % 2 === 0 ? half & (ID_BASE - 1) : half >>> ID_BITS;
}

/**
 * Makes a state in `map`, or betters it; `fresh` (`map` itself, unless the
 * run goes on from a trail) then holds it too, for the next level to take on.
 */
function upsert(
  map: Map<number, Entry>,
  fresh: Map<number, Entry>,
  key: number,
  value: number,
  moving: number,
  parent: Entry,
  option: Option | null,
): void {
  const seen = map.get(key);
  if (seen && value <= seen.value) return;
  if (seen && (fresh === map || fresh.get(key) === seen)) {
    // Nothing points to a state new in this level yet: it may change in place.
    seen.value = value;
    seen.moving = moving;
    seen.parent = parent;
    seen.option = option;
    return;
  }
  // A trail's state the last run took on stays as it was: its successors point to it.
  const entry = { value, moving, parent, option };
  map.set(key, entry);
  if (fresh !== map) fresh.set(key, entry);
}

/** A level's states of one profile, made empty when it has none yet. */
function group(level: Level, extra: number): Map<number, Entry> {
  let entries = level.get(extra);
  if (!entries) level.set(extra, (entries = new Map()));
  return entries;
}

/**
 * Drops all but the `budget` entries worth the most from the maps, each map
 * with a number its entries' worth depends on.
 */
function keepBest(
  groups: readonly [Map<number, Entry>, number][],
  budget: number,
  worth: (entry: Entry, key: number, extra: number) => number,
): void {
  const byWorth: number[] = [];
  for (const [map, extra] of groups)
    for (const [key, entry] of map) {
      const w = worth(entry, key, extra);
      byWorth[w] = (byWorth[w] ?? 0) + 1;
    }
  let room = budget;
  let cutoff = byWorth.length;
  while (cutoff > 0 && room >= (byWorth[cutoff - 1] ?? 0)) room -= byWorth[--cutoff] ?? 0;
  // Worths from `cutoff` up stay; of the worth just below, `room` entries.
  for (const [map, extra] of groups)
    for (const [key, entry] of map) {
      const w = worth(entry, key, extra);
      if (w < cutoff - 1 || (w === cutoff - 1 && room-- <= 0)) map.delete(key);
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

// A suit's set cards (0–2, each of a SET_CARD class) as one code 0..14, and a
// rank's profile as the codes of its suits sorted, four bits each: sets care
// only that suits differ, not which they are.
function patternOf(classes: readonly number[]): number {
  if (classes.length === 0) return 0;
  if (classes.length === 1) return 1 + classes[0]!;
  const [a, b] = [Math.min(...classes), Math.max(...classes)];
  return 5 + a * 4 - (a * (a - 1)) / 2 + (b - a);
}

function patternClasses(pattern: number): number[] {
  if (pattern <= 4) return [pattern - 1];
  let code = pattern - 5;
  for (let a = 0; a < 4; a++) {
    if (code < 4 - a) return [a, a + code];
    code -= 4 - a;
  }
  throw new Error(`internal: bad set pattern ${pattern}`);
}

function profileDigits(profile: number): number[] {
  const digits: number[] = [];
  for (let p = profile; p > 0; p = Math.floor(p / 16)) digits.push(p % 16);
  return digits;
}
