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

export type PlayerStatus = "playing" | "out" | "eliminated" | "left";

/** Where a card came from when it reached a meld: a meld, or its player's hand or staging area. */
export type Origin = MeldId | "hand" | "staging";

/**
 * One card moved onto or across the table. The log of the last 40 s of steps
 * is what judgement and the chain undo work on (§5.4, §5.5); older steps are
 * final and folded into `base`.
 */
export interface Step {
  id: number;
  card: CardId;
  from: Origin;
  to: MeldId;
  seat: Seat;
  play: PlayId;
  at: Millis;
  /** For the system's split of a run longer than 10 (§3.1): the step that made it too long. */
  cause: number | null;
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
}

/** A card moved back and forth during simultaneous plays (§6 ping-pong). */
export interface Contest {
  card: CardId;
  /** Every meld the card has occupied since the contest began, the first one included. */
  positions: MeldId[];
  returns: number;
  plays: PlayId[];
}

export interface Reservation {
  card: CardId;
  seat: Seat;
  play: PlayId;
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
  /** §7: the last draw or confirmed play bringing own cards to the table (engine II's inactivity clock). */
  progressAt: Millis;
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
