// A finished match's history is its log: replaying it through the engine, exactly as the live
// server rebuilds a match after a restart, gives any state the table went through.

import type { Db } from "../db/client";
import {
  hasLeft,
  isClassicState,
  rulesFor,
  SEAT_COUNT,
  specOf,
  type MatchEvent,
  type MatchRules,
  type MatchSpec,
  type MatchState,
  type MatchView,
} from "../matches/engine";
import { EventLog, type LogEntry } from "../matches/event-log";
import { replayMatchEntry } from "../matches/live-match";

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
 * (a viewer steps forward one at a time). Either game: `rules` replays its entries.
 */
export type Replayed = {
  rules: MatchRules;
  entries: LogEntry[];
  snapshots: MatchState[];
  final: MatchState;
  last?: { step: number; state: MatchState };
};

/** A match replayed from its log. Null before the deal. */
export async function replayMatch(db: Db, matchId: string): Promise<Replayed | null> {
  const match = await db.match.findUnique({
    where: { id: matchId },
    select: { seed: true, kind: true, rules: true, seatCount: true, options: true },
  });
  if (match?.seed === null || match?.seed === undefined) return null;
  return replayLog(match.seed, specOf(match), await new EventLog(db).read(matchId));
}

export function replayLog(seed: number, spec: MatchSpec, entries: LogEntry[]): Replayed {
  const rules = rulesFor(spec);
  let state = rules.start(seed);
  const snapshots = [state];
  entries.forEach((entry, index) => {
    state = replayMatchEntry(rules, state, entry).state;
    if ((index + 1) % SNAPSHOT_EVERY === 0) snapshots.push(state);
  });
  return { rules, entries, snapshots, final: state };
}

/** The state after `step` entries (0: the deal), or null past the log's end. */
export function stateAt(replayed: Replayed, step: number): MatchState | null {
  const { rules, entries, snapshots, last } = replayed;
  if (!Number.isInteger(step) || step < 0 || step > entries.length) return null;
  let at = Math.floor(step / SNAPSHOT_EVERY) * SNAPSHOT_EVERY;
  let state = snapshots[at / SNAPSHOT_EVERY]!;
  if (last && last.step <= step && last.step > at) ({ step: at, state } = last);
  for (; at < step; at++) state = replayMatchEntry(rules, state, entries[at]!).state;
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
): { state: MatchState; events: MatchEvent[] } | null {
  if (step === 0) {
    const state = stateAt(replayed, 0);
    return state && { state, events: [] };
  }
  const before = stateAt(replayed, step - 1);
  if (!before || step > replayed.entries.length) return null;
  const after = replayMatchEntry(replayed.rules, before, replayed.entries[step - 1]!);
  replayed.last = { step, state: after.state };
  return after;
}

/**
 * The seats that left the game or its last hand (§11.2, §11.3, §13), by the final state.
 * A classic game keeps every seat to its end: whoever leaves is played by a bot.
 */
export function leftSeats(state: MatchState): boolean[] {
  if (isClassicState(state)) return state.hands.map(() => false);
  return Array.from({ length: SEAT_COUNT }, (_, seat) => hasLeft(state, seat));
}

/**
 * What a spectator saw at one step: never a hand or a stock; the cards left in the players'
 * hands are shown only once their hand (classic: their round) is over.
 */
export function spectatorStep(
  rules: MatchRules,
  state: MatchState,
): { view: MatchView; hands: number[][] | null } {
  const hands = isClassicState(state)
    ? state.phase === "turn"
      ? null
      : state.hands
    : state.hand.outcome === null
      ? null
      : state.hand.players.map((player) => player.hand);
  return { view: rules.publicView(state), hands: hands && hands.map((hand) => [...hand]) };
}
