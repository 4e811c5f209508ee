// What one seat may see (or a spectator): own hand and stock count; the
// others' staging areas (face up), hand and stock counts; the whole table with
// cards on trial, holds, open plays' areas and not-yet-safe marks; the removed
// cards. Never another seat's hand, never any stock's order.

import { type CardId, compareBySuit } from "./cards";
import { checkMeld, meldRulesFor } from "./melds";
import { absenceDeadline } from "./lifecycle";
import { safeTimes } from "./play";
import { type ScoreLine, scoreLines } from "./outcome";
import {
  type HandOutcome,
  type HandState,
  hasLaidMeld,
  INACTIVITY_MS,
  type Millis,
  type MeldId,
  type PlayId,
  type PlayerStatus,
  reservationOf,
  type Seat,
  type Step,
} from "./state";
import { meldsOfStep } from "./table";

export interface TableCardView {
  card: CardId;
  /** The seat whose open play brought the card here: on trial until it ends (§5.4). */
  onTrialFor: Seat | null;
  heldBy: Seat | null;
  reservedFor: Seat | null;
}

export interface MeldView {
  id: MeldId;
  /** In reading order when valid (a run from its low end), else sorted. */
  cards: TableCardView[];
  valid: boolean;
  /** Seats whose open play touched this meld: their area of the table (§6). */
  openPlays: Seat[];
  /** A finished play here can still be reached by the chain (§5.5). */
  notYetSafe: boolean;
}

export interface PlayView {
  id: PlayId;
  seat: Seat;
  open: boolean;
  start: Millis;
  deadline: Millis;
  /**
   * When the chain can no longer reach it (for finished plays): once every play
   * logged before its last step is final too (§5.5). null while that waits for
   * a play still open, or during a freeze (§9): not known yet.
   */
  safeAt: Millis | null;
  melds: MeldId[];
}

export interface SeatView {
  seat: Seat;
  status: PlayerStatus;
  handCount: number;
  staging: CardId[];
  stockCount: number;
  holding: CardId | null;
  /** When the hold lapses (§6: 10 s), so every seat can show its countdown. */
  holdUntil: Millis | null;
  play: PlayId | null;
  /** Everyone sees who is absent and for how long (§11). */
  present: boolean;
  awaySince: Millis | null;
  /** When the absence becomes leaving, if the 90 s are running (§11.2). */
  leavesAt: Millis | null;
  calledStop: boolean;
  /** Forced draws waiting for the seat's staging play to end (§7). */
  owedDraws: number;
}

export interface HandView {
  now: Millis;
  removed: CardId[];
  table: MeldView[];
  plays: PlayView[];
  seats: SeatView[];
  /** When the §7 countdown runs out, unless something restarts it; null while it is stopped. */
  inactivityAt: Millis | null;
  freeze: { seat: Seat; start: Millis; deadline: Millis } | null;
  /** The shared pile is face up (§10.2). */
  tiebreak: { seats: Seat[]; pile: CardId[]; counts: number[]; deadline: Millis } | null;
  outcome: HandOutcome | null;
  /** Only in a player's own view. */
  you: {
    seat: Seat;
    hand: CardId[];
    staging: CardId[];
    stockCount: number;
    achieved: { drawn: boolean; laidMeld: boolean };
  } | null;
}

export function spectatorView(state: HandState): HandView {
  const rules = meldRulesFor(state.rules);
  const openSeat = new Map(state.plays.filter((p) => p.open).map((p) => [p.id, p.seat]));
  // One pass over the log rather than one per play and per card: late in a busy hand the
  // log is long and the table full.
  const playMelds = new Map<PlayId, Set<MeldId>>();
  const lastOfCard = new Map<CardId, Step>();
  for (const step of state.log) {
    let melds = playMelds.get(step.play);
    if (!melds) playMelds.set(step.play, (melds = new Set()));
    for (const id of meldsOfStep(step)) melds.add(id);
    lastOfCard.set(step.card, step);
  }
  const safe = safeTimes(state);
  const plays: PlayView[] = state.plays.map((p) => ({
    id: p.id,
    seat: p.seat,
    open: p.open,
    start: p.start,
    deadline: p.deadline,
    safeAt: p.open ? null : (safe.get(p.id) ?? null),
    melds: [...(playMelds.get(p.id) ?? [])],
  }));
  const touchingOf = new Map<MeldId, PlayView[]>();
  for (const play of plays)
    for (const id of play.melds) touchingOf.set(id, [...(touchingOf.get(id) ?? []), play]);
  const table: MeldView[] = state.table.map((meld) => {
    // One check per meld: nearly every meld on the table is valid, and checking a valid one
    // already gives its order.
    const check = checkMeld(rules, meld.cards);
    const ordered = check.ok ? check.ordered : [...meld.cards].sort(compareBySuit);
    const touching = touchingOf.get(meld.id) ?? [];
    return {
      id: meld.id,
      valid: check.ok,
      cards: ordered.map((card) => {
        const last = lastOfCard.get(card);
        return {
          card,
          onTrialFor: last ? (openSeat.get(last.play) ?? null) : null,
          heldBy: indexOrNull(state.players.findIndex((p) => p.hold?.card === card)),
          reservedFor: reservationOf(state, card)?.seat ?? null,
        };
      }),
      openPlays: [...new Set(touching.filter((p) => p.open).map((p) => p.seat))],
      notYetSafe: touching.some((p) => !p.open),
    };
  });
  return {
    now: state.now,
    removed: [...state.removed],
    table,
    plays,
    seats: state.players.map((p, seat) => ({
      seat,
      status: p.status,
      handCount: p.hand.length,
      staging: [...p.staging],
      stockCount: p.stock.length,
      holding: p.hold?.card ?? null,
      holdUntil: p.hold?.until ?? null,
      play: p.play,
      present: p.present,
      awaySince: p.awaySince,
      leavesAt: absenceDeadline(state, seat),
      calledStop: p.calledStop,
      owedDraws: p.owedDraws,
    })),
    inactivityAt:
      state.outcome || state.freeze || state.tiebreak ? null : state.progressAt + INACTIVITY_MS,
    freeze: state.freeze && { ...state.freeze },
    tiebreak: state.tiebreak && {
      seats: [...state.tiebreak.seats],
      pile: [...state.tiebreak.pile],
      counts: [...state.tiebreak.counts],
      deadline: state.tiebreak.deadline,
    },
    outcome: state.outcome && { ...state.outcome, scores: [...state.outcome.scores] },
    you: null,
  };
}

export function viewFor(state: HandState, seat: Seat): HandView {
  const view = spectatorView(state);
  view.you = ownView(state, seat);
  return view;
}

/** What only the seat's player may see: the `you` of its view (null for no such seat). */
export function ownView(state: HandState, seat: Seat): HandView["you"] {
  const player = state.players[seat];
  if (!player) return null;
  return {
    seat,
    hand: [...player.hand],
    staging: [...player.staging],
    stockCount: player.stock.length,
    achieved: { drawn: player.achieved.drawn, laidMeld: hasLaidMeld(state, seat) },
  };
}

function indexOrNull(index: number): number | null {
  return index < 0 ? null : index;
}

/** How each seat's points of an ended hand come about (§12), from what any spectator sees. */
export function scoreLinesOf(view: HandView): ScoreLine[] | null {
  const outcome = view.outcome;
  if (!outcome) return null;
  const tiebreak = view.tiebreak;
  const seats = view.seats.map((seat) => {
    const index = tiebreak ? tiebreak.seats.indexOf(seat.seat) : -1;
    const held =
      tiebreak && index >= 0 ? tiebreak.counts[index]! : seat.handCount + seat.staging.length;
    return { status: seat.status, stock: seat.stockCount, held };
  });
  return scoreLines({ ...outcome, seats, pile: tiebreak?.pile.length ?? 0 });
}
