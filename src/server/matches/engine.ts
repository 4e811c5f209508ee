// The server's one door to the rules engine (src/engine). The engine's API is still growing
// (timers, endings, absence and the game above the hand are on their way), so every use of it
// from the server goes through this module and an API change lands here alone.

import {
  advance,
  apply,
  eventsFor,
  newHand,
  nextDeadline,
  spectatorView,
  viewFor,
  type Command,
  type EngineEvent,
  type HandState,
  type HandView,
  type Rejection,
} from "@/engine";

export type GameState = HandState;
export type GameEvent = EngineEvent;
export type GameView = HandView;
export type { Command, Rejection };

export const SEAT_COUNT = 3;

/** Engine milliseconds: the match's virtual clock. */
export type Millis = number;

export type Applied =
  { ok: true; state: GameState; events: GameEvent[] } | { ok: false; rejection: Rejection };

/** A new game dealt from `seed`, its clock at 0. */
export function startGame(seed: number): GameState {
  const created = newHand({ seed, now: 0 });
  // Only a programming error (a non-integer seed) can fail here.
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

export function applyCommand(
  state: GameState,
  seat: number,
  command: Command,
  now: Millis,
): Applied {
  return apply(state, seat, command, now);
}

/** Fires the engine's timers due by `now`. */
export function advanceGame(state: GameState, now: Millis) {
  return advance(state, now);
}

/** When the engine next needs `advanceGame`, or null. */
export function wakeUpAt(state: GameState): Millis | null {
  return nextDeadline(state);
}

/** The last instant the game was advanced to. */
export function clockOf(state: GameState): Millis {
  return state.now;
}

/** The id of the last event the game has emitted (0 before any). */
export function lastEventIdOf(state: GameState): number {
  return state.nextEventId - 1;
}

export function seatView(state: GameState, seat: number): GameView {
  return viewFor(state, seat);
}

export function publicView(state: GameState): GameView {
  return spectatorView(state);
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
  return state.players[seat]?.present ?? false;
}

/** The game's outcome once it is over (winner, reason, scores), else null. */
export function outcomeOf(state: GameState) {
  return state.outcome;
}
