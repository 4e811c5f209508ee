// The rank programme: a dynamic programme over the ranks in the spirit of van
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

import { type CardId, SUITS, suitIndex, type MeldRules } from "@/engine";
import { filled, sortShort } from "./arrays";
import { PLACED_WEIGHT, type Relaxation } from "./bound";
import { TooComplexError } from "./errors";
import { FREE, FutureBound } from "./future";
import type { Arrangement } from "./greedy";
import { LAST, LAST_SUIT, Layout, type OriginalMeld, RANKS } from "./layout";
import { mayStay, patternClasses, profileDigits, setCredit } from "./profile";
import { arrangeSets, SETS_FIT } from "./sets";
import { type Piece, type Run, type SuitState, stateHash, SuitStates } from "./suit-state";
import {
  comparePieces,
  compareRuns,
  DONE,
  givenUp,
  type Option,
  PIECE_CLAIMED,
  PIECE_FREE,
  RESERVED,
  RESERVED_JOINED,
  statusOf,
  SuitStep,
  TAKEN,
  UNMATCHED,
} from "./suit-step";
import { LOSS_LIMITS as TUNED_LOSS_LIMITS, SLACK_SCALE } from "./tuning";

/** What a run of the programme ends in. */
export type RunResult =
  /** the best arrangement reaching the goal */
  | { kind: "found"; arrangement: Arrangement }
  /** no arrangement reaches the goal */
  | { kind: "none" }
  /** stopped, unfinished, at the goal's `stopAfter`: it proves nothing */
  | { kind: "stopped" }
  /** its states outgrew the budget, or a suit's state ids ran out: it proves nothing */
  | { kind: "too-complex"; states: number };

// Read for every entry: constants of this module, since an imported binding is
// loaded again on every read (suit-step.ts).
const SUIT_COUNT = SUITS.length;
const LOSS_LIMITS = TUNED_LOSS_LIMITS;

// A layer's key packs the four suits' state ids. Here, beside the loop that
// reads them, since an imported binding costs that loop (suit-step.ts).
/** Bits of a suit state's id: four make 52 bits, exact in a double. */
const ID_BITS = 13;
const ID_BASE = 1 << ID_BITS;
const POW = [1, ID_BASE, ID_BASE ** 2, ID_BASE ** 3];
const HALF = ID_BASE * ID_BASE;

/** A layer's key: the four suits' state ids. */
function keyOf(ids: readonly number[]): number {
  return ids.reduce((key, id, s) => key + id * POW[s]!, 0);
}

/** Suit s's state id in a layer's key. */
function digit(key: number, s: number): number {
  // Two suits per half, each half small enough for integer arithmetic.
  const high = Math.floor(key / HALF);
  const half = s < 2 ? key - high * HALF : high;
  return s % 2 === 0 ? half & (ID_BASE - 1) : half >>> ID_BITS;
}

const NONE: RunResult = { kind: "none" };
const STOPPED: RunResult = { kind: "stopped" };

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

/** What the tracked programme must reach: every other state is dropped. */
export interface Goal {
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
  /** When set, the run stops, unfinished, once the programme's work passes it. */
  stopAfter?: number;
  /**
   * The highest cap that may follow: an exact run leaves a trail only when
   * it is above the run's, and keeps only the dropped states it allows.
   */
  upTo?: number;
}

export class RankProgramme {
  private readonly layout: Layout;
  /** per processing index, set as the programme reaches it: the suits in the order processed */
  private readonly suitOrder: number[][] = [];
  /** per processing index and step: own cards still to come once that step's suit is done */
  private readonly ownLeft: number[][] = [];
  /** per processing index and step: ownLeft, counting from the next index only those of stillFree */
  private readonly freeLeft: number[][] = [];
  /** per processing index and step: table cards seen once that step's suit is done */
  private readonly tableSeen: number[][] = [];
  /** per space (i * SUIT_COUNT + s) and suit state id: surelyMovingIn(i, s, id) */
  private readonly movingCache: number[][] = [];
  private readonly states = new SuitStates(ID_BASE);
  /** per space (i * SUIT_COUNT + s) and loss limit (options), then suit state id */
  private readonly optionCache: Option[][][] = [];
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
    rules: MeldRules,
    private readonly melds: readonly OriginalMeld[],
    own: readonly CardId[],
    private readonly budget: number,
  ) {
    this.layout = new Layout(rules, melds, own);
  }

  /** From now on, states that cannot reach the goal at these prices are dropped. */
  usePrices(relaxation: Relaxation): void {
    this.future = new FutureBound(
      relaxation,
      this.melds,
      (rank) => this.layout.indexOf(rank),
      (origin) => this.layout.info(origin)?.crossing ?? false,
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

  /** The best arrangement that reaches the goal, or why there is none. */
  run(goal: Goal): RunResult {
    try {
      return this.levels(goal);
    } catch (error) {
      // A suit's state ids ran out (SuitStates.intern), deep in a suit's step.
      if (!(error instanceof TooComplexError)) throw error;
      return { kind: "too-complex", states: error.states };
    }
  }

  /** run, level by level. */
  private levels(goal: Goal): RunResult {
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
        for (const origin of this.layout.crossingRuns(s)) status.push(origin, UNMATCHED);
        return this.states.intern(s, { runs: [], status, pieces: [] });
      });
      const root = { value: 0, moving: 0, parent: null, option: null };
      fresh.set(0, new Map([[keyOf(initial), root]]));
    }
    // Less a little: the prices' float sums may fall short of the exact bound.
    const least = goal.placed * PLACED_WEIGHT + this.layout.tableBefore[RANKS]! - goal.moved - 1e-6;
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
        const seen = step > 0 ? this.tableSeen[i]![step - 1]! : this.layout.tableBefore[i]!;
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
        } else if (size > this.budget) return { kind: "too-complex", states: size };
        if (this.work > (this.goal.stopAfter ?? Infinity)) return STOPPED;
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
    if (best) return { kind: "found", arrangement: this.rebuild(best, bestKey) };
    if (traced)
      this.trail = {
        placed: goal.placed,
        moved: goal.moved,
        upTo,
        levels,
        over,
        work: this.work - start,
      };
    return NONE;
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
      const limit = this.lossLimit(entry, this.layout.tableBefore[i]!);
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
    let seen = this.layout.tableBefore[i]!;
    this.tableSeen[i] = order.map((s) => (seen += this.layout.tableAt(i, s).length));
    const rest = (step: number) => {
      let n = 0;
      for (const t of order.slice(step + 1)) n += this.layout.handAt(i, t).length;
      return n;
    };
    this.ownLeft[i] = order.map((_, step) => rest(step) + this.layout.ownAfter[i + 1]!);
    this.freeLeft[i] = order.map((_, step) => rest(step) + this.layout.stillFree[i + 1]!);
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
      for (const origin of givenUp(this.layout, this.stateAt(at + 1, t, id)))
        n += Math.max(0, this.layout.info(origin)!.last - at);
      memo[id] = n;
    }
    return n;
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
      const found = this.states.find((i + 1) * SUIT_COUNT + s, stateHash(relaxed), relaxed);
      freer = found === id ? -1 : found;
      memo[id] = freer;
    }
    return freer;
  }

  private stateAt(i: number, s: number, id: number): SuitState {
    return this.states.at(i * SUIT_COUNT + s, id);
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
    const built = new SuitStep(
      this.layout,
      this.states,
      i,
      s,
      this.stateAt(i, s, id),
      most,
    ).options();
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
    const have = this.layout.tableAt(i, t).length + this.layout.handAt(i, t).length;
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
    if (total < 3 || (this.layout.lengthMatters[s] && total > this.layout.longest)) return false;
    // Classic: a run may hold the Ace only at an end.
    if (!this.layout.rules.wrapsThroughAce && this.layout.orderRank(LAST) === 0 && run.len !== 1)
      return false;
    if (run.tag === FREE) return true;
    if (run.tag >= 0 && statusOf(state.status, run.tag) === RESERVED_JOINED)
      return piece.tag === run.tag;
    return piece.tag === PIECE_FREE;
  }

  private rebuild(last: Entry, lastKey: number): Arrangement {
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
