// The server's one door to the rules engine (src/engine): every use of the engine from the
// server goes through this module, so a change of the engine's API lands here alone. A match
// runs the engine's game (§13): a single hand, or a long game of hands with a pause between.

import {
  advanceGame as advanceEngineGame,
  applyGame,
  COMMAND_SCHEMAS,
  eventsFor,
  gameViewFor,
  newGame,
  nextGameDeadline,
  ownView,
  type Command,
  type EngineEvent,
  type GameKind,
  type GameState as EngineGameState,
  type GameView as EngineGameView,
  type HandOutcome,
  type Rejection,
} from "@/engine";
import { shareUnchanged } from "@/protocol/view-patch";

export type GameState = EngineGameState;
export type GameEvent = EngineEvent;
export type GameView = EngineGameView;
export type { Command, GameKind, HandOutcome, Rejection };
/** Each command's schema, as the engine parses it: the routers take their input from these. */
export { COMMAND_SCHEMAS };

export const SEAT_COUNT = 3;

/** Engine milliseconds: the match's virtual clock. */
export type Millis = number;

export type Applied =
  { ok: true; state: GameState; events: GameEvent[] } | { ok: false; rejection: Rejection };

/** The engine's kind of game for a match of the given kind (MatchKind in the schema). */
export function gameKindOf(matchKind: string): GameKind {
  return matchKind === "FRIENDLY_LONG" ? "long" : "single";
}

/** A new game dealt from `seed`, its clock at 0. */
export function startGame(seed: number, kind: GameKind = "single"): GameState {
  const created = newGame({ kind, seed, now: 0 });
  // Only a programming error (a non-integer seed) can fail here.
  if (!created.ok) throw new Error(created.error);
  return created.game;
}

export function applyCommand(
  state: GameState,
  seat: number,
  command: Command,
  now: Millis,
): Applied {
  const applied = applyGame(state, seat, command, now);
  return applied.ok ? { ok: true, state: applied.game, events: applied.events } : applied;
}

/** Fires the engine's timers due by `now`. */
export function advanceGame(
  state: GameState,
  now: Millis,
): { state: GameState; events: GameEvent[] } {
  const { game, events } = advanceEngineGame(state, now);
  return { state: game, events };
}

/** When the engine next needs `advanceGame`, or null. */
export function wakeUpAt(state: GameState): Millis | null {
  return nextGameDeadline(state);
}

/** The last instant the game was advanced to. */
export function clockOf(state: GameState): Millis {
  return state.now;
}

/** The id of the last event the game has emitted (0 before any). */
export function lastEventIdOf(state: GameState): number {
  return state.hand.nextEventId - 1;
}

export function seatView(state: GameState, seat: number): GameView {
  return gameViewFor(state, seat);
}

export function publicView(state: GameState): GameView {
  return gameViewFor(state, null);
}

/**
 * Every audience's view of one state, sharing everything public: the public view is made once,
 * and a seat's view adds its own part (equal to `seatView`). Made lazily, per audience asked.
 * The public view keeps the parts of `previous` (the public view of an earlier state) that did
 * not change, so views held between changes stay mostly old memory and diffs meet them by
 * identity.
 */
export function audienceViews(
  state: GameState,
  previous: GameView | null = null,
): (seat: number | null) => GameView {
  let shared: GameView | null = null;
  return (seat) => {
    shared ??= previous ? shareUnchanged(previous, publicView(state)) : publicView(state);
    if (seat === null) return shared;
    return { ...shared, hand: { ...shared.hand, you: ownView(state.hand, seat) } };
  };
}

/** The events as one seat may see them (others' drawn cards hidden); null for spectators. */
export function projectEvents(events: readonly GameEvent[], seat: number | null): GameEvent[] {
  return eventsFor(events, seat);
}

/** The commands presence sends for a seat; players never send these themselves. */
export function presenceCommand(present: boolean): Command {
  return { do: present ? "reconnect" : "disconnect" };
}

/** Whether the engine counts the seat as showing up (§11). */
export function isPresent(state: GameState, seat: number): boolean {
  return state.awaySince[seat] === null;
}

/** The hands finished so far, in order. */
export function finishedHands(state: GameState): { number: number; outcome: HandOutcome }[] {
  return state.hands;
}

/** The game's result once it is over (reason, winner or draw, each seat's total), else null. */
export function outcomeOf(state: GameState) {
  return state.result && { ...state.result, totals: [...state.totals] };
}

/** Whether the seat left the game or its last hand (§11, §13). */
export function hasLeft(state: GameState, seat: number): boolean {
  return state.leftGame[seat] === true || state.hand.players[seat]?.status === "left";
}
