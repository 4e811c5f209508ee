// The state of one hand as plain JSON-safe data: the server stores snapshots of
// it and can rebuild a match by replaying the command log, so nothing here may
// be a Map, a Set, a class or a function.

import type { CardId } from "./cards";
import type { RuleSetId } from "./melds";

export type Seat = number;
export type MeldId = number;
export type PlayId = number;
/** Milliseconds since the start of the hand (the caller's clock, injected). */
export type Millis = number;

/** §5: at most 40 seconds from the first card moved or the declaration. */
export const PLAY_LIMIT_MS = 40_000;
/** §5.5: the chain never reaches back further than the longest play. */
export const CHAIN_REACH_MS = 40_000;
/** §6: a held card becomes free again after 10 seconds. */
export const HOLD_LIMIT_MS = 10_000;
/** §6: the third return of a card to a position it already had reserves it. */
export const PING_PONG_RETURNS = 3;
/** §7: two minutes without a draw or a confirmed play of own cards unblock the hand. */
export const INACTIVITY_MS = 120_000;
/** §9: the «Stop!» caller's freeze. */
export const FREEZE_MS = 180_000;
/** §10.2: the tie-break between the players tied on fewest cards. */
export const TIEBREAK_MS = 120_000;
/** §11.2: 90 seconds of absence are leaving. */
export const ABSENCE_MS = 90_000;

export type PlayerStatus = "playing" | "out" | "eliminated" | "left";

/** Where a card came from when it reached a meld: a meld, or its player's hand or staging area. */
export type Origin = MeldId | "hand" | "staging";

/**
 * One card moved onto or across the table. The log of the last 40 s of steps
 * is what judgement and the chain undo work on (§5.4, §5.5); older steps are
 * final and folded into `base`. A step never changes once logged (states share them).
 */
export interface Step {
  readonly id: number;
  readonly card: CardId;
  readonly from: Origin;
  readonly to: MeldId;
  readonly seat: Seat;
  readonly play: PlayId;
  readonly at: Millis;
  /** For the system's split of a run longer than 10 (§3.1): the step that made it too long. */
  readonly cause: number | null;
}

export interface Meld {
  id: MeldId;
  cards: CardId[];
}

export interface Play {
  id: PlayId;
  seat: Seat;
  start: Millis;
  deadline: Millis;
  open: boolean;
  endedAt: Millis | null;
  /** The steps of each "Lay the meld" of the play (§5.1). */
  lays: number[][];
  /** The play was confirmed with a laid meld still standing (§8 condition 2). */
  laid: boolean;
  /** The «Stop!» caller's play during the freeze (§9): no 40 s, all or nothing if it fails. */
  freeze: boolean;
}

export interface Hold {
  card: CardId;
  until: Millis;
}

export interface PlayerState {
  status: PlayerStatus;
  /** Top card first. */
  stock: CardId[];
  hand: CardId[];
  staging: CardId[];
  /** §8 conditions met for good (a laid meld counts here once its play is final). */
  achieved: { drawn: boolean; laidMeld: boolean };
  play: PlayId | null;
  hold: Hold | null;
  /**
   * The table card whose hold ended without the card moving (its 10 s ran out,
   * released, declaration withdrawn): the player may not take it again before
   * putting another card somewhere, or before someone else moves it (§6: nobody
   * blocks a card by holding it without doing anything).
   */
  letGo: CardId | null;
  /** The server says whether the player is showing up (§11). */
  present: boolean;
  /** While away: when the §11.2 count of 90 s started (it restarts after a freeze). */
  awaySince: Millis | null;
  /** «Stop!» is once per hand (§9). */
  calledStop: boolean;
  /** Forced draws that fell while the staging area held cards, handed over when the play ends (§7). */
  owedDraws: number;
}

/** §9: the «Stop!» caller's three minutes; everyone else is frozen. */
export interface Freeze {
  seat: Seat;
  start: Millis;
  deadline: Millis;
}

/** §10.2: the tied players' cards form one shared face-up pile. */
export interface Tiebreak {
  seats: Seat[];
  pile: CardId[];
  /** Cards each tied seat held at the silence, in `seats` order: what the winner's score counts (§12). */
  counts: number[];
  start: Millis;
  deadline: Millis;
}

export type HandEndReason = "out" | "silence" | "tiebreak" | "survivor" | "draw" | "abandoned";

export interface HandOutcome {
  reason: HandEndReason;
  winner: Seat | null;
  /** The tied seats of a draw. */
  draw: Seat[] | null;
  at: Millis;
  /** §12, one per seat. */
  scores: number[];
}

/** A card moved back and forth during simultaneous plays (§6 ping-pong). */
export interface Contest {
  card: CardId;
  /** Every meld the card has occupied since the contest began, the first one included. */
  positions: MeldId[];
  returns: number;
  plays: PlayId[];
}

/**
 * A card reserved after ping-pong (§6): takes are refused while the winner's
 * play is open; the record stays while the chain can still reach that play,
 * because the others' moves of the card were given up (§5.5, see chain.ts).
 */
export interface Reservation {
  card: CardId;
  seat: Seat;
  play: PlayId;
  /** The other plays that had moved the card in the contest: they must give it up. */
  others: PlayId[];
  /** The move that made the reservation: the others' moves of the card up to it are given up. */
  step: number;
}

export interface HandState {
  rules: RuleSetId;
  /** The last instant the hand was advanced to. */
  now: Millis;
  /** The 2 cards removed face up (§1). */
  removed: CardId[];
  /** Cards left out of a partial-deck scenario; empty in a real hand. */
  unused: CardId[];
  players: PlayerState[];
  /** The table now, melds by increasing id, cards on trial included. */
  table: Meld[];
  /** The table as it is once every logged step is taken away: final, beyond the chain's reach. */
  base: Meld[];
  log: Step[];
  /** Open plays, and finished ones the chain can still reach ("not yet safe"). */
  plays: Play[];
  contests: Contest[];
  reserved: Reservation[];
  /** §7: the last draw or confirmed play bringing own cards to the table: the inactivity clock. */
  progressAt: Millis;
  freeze: Freeze | null;
  tiebreak: Tiebreak | null;
  /** Set once the hand is over; nothing changes after that but presence. */
  outcome: HandOutcome | null;
  nextMeldId: MeldId;
  nextPlayId: PlayId;
  nextStepId: number;
  nextEventId: number;
}

export function meldOf(state: HandState, id: MeldId): Meld | undefined {
  return state.table.find((m) => m.id === id);
}

export function playOf(state: HandState, id: PlayId): Play | undefined {
  return state.plays.find((p) => p.id === id);
}

export function openPlayOf(state: HandState, seat: Seat): Play | undefined {
  const id = state.players[seat]?.play;
  return id === null || id === undefined ? undefined : playOf(state, id);
}

/** The meld that holds the card now, if it is on the table. */
export function meldHolding(state: HandState, card: CardId): Meld | undefined {
  return state.table.find((m) => m.cards.includes(card));
}

/** The cards a seat plays from: its hand, or the shared pile while it plays a tie-break (§10.2). */
export function handOf(state: HandState, seat: Seat): CardId[] {
  const tiebreak = state.tiebreak;
  return tiebreak?.seats.includes(seat) ? tiebreak.pile : state.players[seat]!.hand;
}

export function takeFromHand(state: HandState, seat: Seat, card: CardId): void {
  const cards = handOf(state, seat);
  cards.splice(cards.indexOf(card), 1);
}

/** The reservation in force on a card: its winner's play is still open (§6). */
export function reservationOf(state: HandState, card: CardId): Reservation | undefined {
  return state.reserved.find(
    (r) => r.card === card && state.plays.some((p) => p.id === r.play && p.open),
  );
}

/** Cards going back to a seat's hand (to the shared pile during its tie-break). */
export function returnToHand(state: HandState, seat: Seat, cards: readonly CardId[]): void {
  handOf(state, seat).push(...cards);
}

/** Seats still playing the hand (not out, eliminated or left). */
export function seatsPlaying(state: HandState): Seat[] {
  return state.players.flatMap((p, seat) => (p.status === "playing" ? [seat] : []));
}

/** Frozen by someone else's «Stop!» (§9). */
export function isFrozen(state: HandState, seat: Seat): boolean {
  return state.freeze !== null && state.freeze.seat !== seat;
}

/** The §8 "laid a direct meld" condition: final, or from a confirmed play still standing. */
export function hasLaidMeld(state: HandState, seat: Seat): boolean {
  return (
    state.players[seat]!.achieved.laidMeld ||
    state.plays.some((p) => p.seat === seat && !p.open && p.laid)
  );
}
