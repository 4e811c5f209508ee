// The state of a classic game as plain JSON-safe data (like src/engine/state.ts):
// the server can store it as it is and rebuild it by replaying the command log.

import type { CardId } from "../cards";
import type { Millis, Seat } from "../state";
import type { ClassicOptions } from "./options";

export type CombinationId = number;

export interface Combination {
  id: CombinationId;
  /** As the mover left them: in a live turn a combination may be invalid for a while. */
  cards: CardId[];
}

/** The table's places a card can be in, all together: what a turn may change. */
export interface TableState {
  table: Combination[];
  faceUp: CardId[];
  hand: CardId[];
  nextCombinationId: CombinationId;
}

/**
 * The mover's work in a live turn (the finer commands): the table as it was at
 * the start, to restore it exactly, and one snapshot per step, to undo it.
 */
export interface Work {
  start: TableState;
  steps: TableState[];
}

/** `alone`: every other player is out of the round for absence (ranked games). */
export type RoundEndReason = "out" | "blocked" | "alone";

export interface RoundOutcome {
  reason: RoundEndReason;
  winner: Seat | null;
  /** Blocked with a tie for fewest cards: the tied seats (all score 0). */
  draw: Seat[] | null;
  /** Penalty points of the round, one per seat; the winner 0. */
  scores: number[];
  /** The seats out of the round for absence, in the order they went out (they finish last). */
  absent: Seat[];
  at: Millis;
}

export interface GameOutcome {
  /** `round`: a single round's result; `target`: somebody reached the target. */
  reason: "round" | "target";
  winner: Seat | null;
  draw: Seat[] | null;
}

export interface ClassicState {
  rules: "classic";
  options: ClassicOptions;
  /** Later rounds are dealt from this seed and their number. */
  seed: number;
  now: Millis;
  /** 1 for the first round. */
  round: number;
  dealer: Seat;
  phase: "turn" | "between" | "over";
  /** Top card first. */
  stock: CardId[];
  hands: CardId[][];
  table: Combination[];
  /** Tahiti's face-up cards, apart from the combinations. */
  faceUp: CardId[];
  /** Thirty-Six: whether each player has made the opening. */
  opened: boolean[];
  /** Cards of a partial-deck setup that are in no place; empty in a dealt game. */
  unused: CardId[];
  turn: Seat;
  turnStart: Millis;
  /** Draw first: the turn's compulsory card is drawn. */
  drewFirst: boolean;
  work: Work | null;
  /** Per seat: its turns timed out in a row without a command of its own (`absentOut`). */
  missed: number[];
  /** Per seat: out of this round for absence, in the order they went out; its turns skipped. */
  absent: Seat[];
  /** Turns in a row that ended without a card played (classic §5: blocked once the stock is empty). */
  quietTurns: number;
  totals: number[];
  /** Each finished round's outcome, in order. */
  rounds: RoundOutcome[];
  /** Between rounds: when the next one is dealt, and who is ready for it. */
  pause: { deadline: Millis; ready: boolean[] } | null;
  result: GameOutcome | null;
  nextCombinationId: CombinationId;
  nextEventId: number;
}

export function combinationOf(state: { table: Combination[] }, id: CombinationId) {
  return state.table.find((c) => c.id === id);
}
