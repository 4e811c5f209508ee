// A finished match's history is its log: replaying it through the engine, exactly as the live
// server rebuilds a match after a restart, gives every state the table went through.

import type { Db } from "../db/client";
import {
  gameKindOf,
  hasLeft,
  publicView,
  SEAT_COUNT,
  startGame,
  type GameState,
  type GameView,
} from "../matches/engine";
import { EventLog, type LogEntry } from "../matches/event-log";
import { replayEntry } from "../matches/live-match";

export type Replayed = { entries: LogEntry[]; states: GameState[] };

/** Every state of a match: the deal, then one per log entry. Null before the deal. */
export async function replayMatch(db: Db, matchId: string): Promise<Replayed | null> {
  const match = await db.match.findUnique({
    where: { id: matchId },
    select: { seed: true, kind: true },
  });
  if (match?.seed === null || match?.seed === undefined) return null;
  const entries = await new EventLog(db).read(matchId);
  const states = [startGame(match.seed, gameKindOf(match.kind))];
  for (const entry of entries) states.push(replayEntry(states.at(-1)!, entry).state);
  return { entries, states };
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
