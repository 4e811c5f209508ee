// One suit's step at one rank: every way its cards of the rank can go (into
// the runs open in its state, new runs, incoming pieces or sets), each an
// option leading to the suit's next state. The tags and statuses a suit state
// holds, and the helpers reading them, live here beside their hottest reader:
// imported into this module, they cost the solver about 5 % (bench/results.md,
// 7 December).

import { type CardId, SUITS } from "@/engine";
import { sortShort } from "./arrays";
import { PLACED_WEIGHT } from "./bound";
import { FREE } from "./future";
import type { Layout, Phys } from "./layout";
import { patternOf } from "./profile";
import { SET_CARD } from "./sets";
import type { Piece, Run, SuitState, SuitStates } from "./suit-state";

/** Read for every option: this module's own (see above). */
const SUIT_COUNT = SUITS.length;

// Run tags: the original meld an open run is matched to (an index), or:
// FREE (from future.ts, which bounds what such a run may still claim): matched to nothing yet
export const DONE = -2; // matched to a meld that has no more cards ahead
// Tags of incoming pieces (the part of a cut-crossing run after the cut):
export const PIECE_FREE = -1; // matched to nothing
export const PIECE_CLAIMED = -2; // matched to something within the piece
// (a tag >= 0: matched to that original run, which also crosses the cut)

// Status of an original run still in play:
export const UNMATCHED = 0;
export const TAKEN = 1;
export const RESERVED = 2; // taken by an incoming piece; its part before the cut may join
export const RESERVED_JOINED = 3; // and an open run before the cut has joined it

export function statusOf(status: readonly number[], origin: number): number {
  for (let j = 0; j < status.length; j += 2) if (status[j] === origin) return status[j + 1]!;
  return -1;
}

export function setStatus(status: number[], origin: number, value: number): void {
  for (let j = 0; j < status.length; j += 2) if (status[j] === origin) status[j + 1] = value;
}

export function withPiece(pieces: readonly Piece[], piece: Piece): Piece[] {
  return sortShort([...pieces, piece], comparePieces);
}

export function comparePieces(a: Piece, b: Piece): number {
  return a.post - b.post || a.tag - b.tag;
}

export function compareRuns(a: Run, b: Run): number {
  return Number(a.inc) - Number(b.inc) || a.tag - b.tag || a.len - b.len;
}

/** A suit state's original runs matched to a closed meld or a set: no open run continues them. */
export function givenUp(layout: Layout, { runs, status }: SuitState): number[] {
  const origins: number[] = [];
  for (let j = 0; j < status.length; j += 2) {
    const origin = status[j]!;
    if (
      status[j + 1] === TAKEN &&
      !layout.info(origin)!.crossing &&
      !runs.some((r) => r.tag === origin)
    )
      origins.push(origin);
  }
  return origins;
}

export interface Source {
  /** index of the run continued, or -1 for a new run */
  from: number;
  card: CardId;
  /** the first three cards leave as a meld (null) or as an incoming piece */
  split?: Piece | null;
}

export interface Option {
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
export class SuitStep {
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
    private readonly layout: Layout,
    private readonly states: SuitStates,
    private readonly i: number,
    private readonly s: number,
    private readonly state: SuitState,
    /** the most table cards an option may lose: more would pass the cap */
    private readonly limit: number,
  ) {
    this.tableCards = layout.tableAt(i, s);
    this.handCards = layout.handAt(i, s);
    this.gone = limit < Infinity ? givenUp(layout, state) : [];
  }

  /** 1 when card u, going where it keeps `kept` table cards, is a table card newly lost and counted. */
  private loses(u: number, kept: number): number {
    if (this.limit === Infinity) return 0;
    const { origin } = this.cards[u]!;
    return kept === 0 && origin >= 0 && !this.gone.includes(origin) ? 1 : 0;
  }

  options(): Option[] {
    const status = [...this.state.status];
    for (const origin of this.layout.starting(this.i, this.s)) status.push(origin, UNMATCHED);
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
          const orders = this.layout.cardOrders(this.i, this.s, k);
          const incoming = this.i === 0 && this.layout.crossable[this.s] ? fresh : 0;
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
    const info = this.layout.info(origin)!;
    return !info.crossing && info.last === this.i;
  }

  private canContinue(run: Run): boolean {
    // Classic: only a run that starts at the Ace goes on to the 2.
    if (!this.layout.rules.wrapsThroughAce && this.layout.orderRank(this.i) === 1 && this.i > 0)
      return !run.inc && run.len === 1;
    if (run.tag === FREE || !this.layout.lengthMatters[this.s]) return true; // free runs split instead
    return run.len + 1 <= this.layout.longest - (run.inc ? 1 : 0);
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
      const setIndex = this.layout.setIndex(this.i, card.origin);
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
    if (!this.layout.lengthMatters[this.s]) run.len = Math.min(run.len, 3);
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
    const setIndex = this.layout.setIndex(this.i, origin);
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
      if (run.inc && status === UNMATCHED && this.layout.mayRejoin(this.i, origin))
        this.toMatchedRun(u, run, source, origin, RESERVED, 1);
    }
    // An incoming piece may be declared matched to an original run crossing the cut.
    if (run.inc && !before) {
      for (const crossing of this.layout.crossingRuns(this.s))
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
      if (!run.inc && !this.layout.canComplete(this.i, this.s, run.len)) return;
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
    const next = this.states.intern((this.i + 1) * SUIT_COUNT + this.s, { runs, status, pieces });
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

function pieceTag(run: Run, status: readonly number[]): number {
  if (run.tag === FREE) return PIECE_FREE;
  if (run.tag >= 0 && statusOf(status, run.tag) === RESERVED) return run.tag;
  return PIECE_CLAIMED;
}
