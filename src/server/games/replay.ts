// A finished match's history is its log: replaying it through the engine, exactly as the live
// server rebuilds a match after a restart, gives any state the table went through.

import type { Db } from "../db/client";
import {
  gameKindOf,
  hasLeft,
  publicView,
  SEAT_COUNT,
  startGame,
  type GameEvent,
  type GameState,
  type GameView,
} from "../matches/engine";
import { EventLog, type LogEntry } from "../matches/event-log";
import { replayEntry } from "../matches/live-match";

/**
 * A replay keeps the deal and every SNAPSHOT_EVERY-th state, not each state: a long game's
 * states held ~6 MB per replay (20 replays: +124 MB). A step between two snapshots is
 * replayed from the one before it: at most SNAPSHOT_EVERY - 1 entries, a fraction of a
 * millisecond (docs/live-server.md, Limits, has the figures).
 */
export const SNAPSHOT_EVERY = 16;

/**
 * A match's log with states to step through it: `snapshots[k]` is the state after
 * k × SNAPSHOT_EVERY entries; `last`, the step asked last, from which the next step on goes
 * (a viewer steps forward one at a time).
 */
export type Replayed = {
  entries: LogEntry[];
  snapshots: GameState[];
  final: GameState;
  last?: { step: number; state: GameState };
};

/** A match replayed from its log. Null before the deal. */
export async function replayMatch(db: Db, matchId: string): Promise<Replayed | null> {
  const match = await db.match.findUnique({
    where: { id: matchId },
    select: { seed: true, kind: true },
  });
  if (match?.seed === null || match?.seed === undefined) return null;
  return replayLog(match.seed, match.kind, await new EventLog(db).read(matchId));
}

export function replayLog(seed: number, kind: string, entries: LogEntry[]): Replayed {
  let state = startGame(seed, gameKindOf(kind));
  const snapshots = [state];
  entries.forEach((entry, index) => {
    state = replayEntry(state, entry).state;
    if ((index + 1) % SNAPSHOT_EVERY === 0) snapshots.push(state);
  });
  return { entries, snapshots, final: state };
}

/** The state after `step` entries (0: the deal), or null past the log's end. */
export function stateAt(replayed: Replayed, step: number): GameState | null {
  const { entries, snapshots, last } = replayed;
  if (!Number.isInteger(step) || step < 0 || step > entries.length) return null;
  let at = Math.floor(step / SNAPSHOT_EVERY) * SNAPSHOT_EVERY;
  let state = snapshots[at / SNAPSHOT_EVERY]!;
  if (last && last.step <= step && last.step > at) ({ step: at, state } = last);
  for (; at < step; at++) state = replayEntry(state, entries[at]!).state;
  replayed.last = { step, state };
  return state;
}

/**
 * The state after `step` entries and what that last entry made happen (none at the deal),
 * from the step before it: a viewer going forward one step replays one entry.
 */
export function stepAt(
  replayed: Replayed,
  step: number,
): { state: GameState; events: GameEvent[] } | null {
  if (step === 0) {
    const state = stateAt(replayed, 0);
    return state && { state, events: [] };
  }
  const before = stateAt(replayed, step - 1);
  if (!before || step > replayed.entries.length) return null;
  const after = replayEntry(before, replayed.entries[step - 1]!);
  replayed.last = { step, state: after.state };
  return after;
}

/** The seats that left the game or its last hand (§11.2, §11.3, §13), by the final state. */
export function leftSeats(state: GameState): boolean[] {
  return Array.from({ length: SEAT_COUNT }, (_, seat) => hasLeft(state, seat));
}

/**
 * What a spectator saw at one step: never a hand or a stock; the hands left in the players'
 * hands are shown only once their hand is over.
 */
export function spectatorStep(state: GameState): { view: GameView; hands: number[][] | null } {
  const over = state.hand.outcome !== null;
  return {
    view: publicView(state),
    hands: over ? state.hand.players.map((player) => [...player.hand]) : null,
  };
}
