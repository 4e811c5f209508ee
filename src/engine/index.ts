// The rules engine's public surface: pure functions over plain-data state.
//
//   newHand({ seed | setup, now })        → { ok, state } (a hand of three seats)
//   apply(state, seat, command, now)      → { ok: true, state, events } | { ok: false, rejection }
//   advance(state, now)                   → { state, events }: fires timers due by `now`
//   nextDeadline(state)                   → when to call advance next, or null
//   viewFor(state, seat) / spectatorView  → what a seat (or a spectator) may see
//   eventsFor(events, seat)               → the events with others' drawn cards hidden
//
// The match (a single hand, or a long game to 150 with pauses) wraps the hand:
//   newGame({ kind, seed, now })          → { ok, game }
//   applyGame / advanceGame / nextGameDeadline / gameViewFor: the same, for the match
//
// Time is milliseconds since the start of the hand, passed in by the caller;
// commands are plain JSON ({ do: "add", card: 12, meld: 3 }) validated here.
// The scenario runner and the random players are the test kit's (./testkit), not part of this.

export * from "./cards";
export * from "./melds";
export * from "./state";
export * from "./commands";
export * from "./engine-events";
export { apply, advance, nextDeadline, type ApplyResult } from "./engine";
export { deal, newHand, type HandSetup, type NewHand, type NewHandOptions } from "./setup";
export * from "./views";
export * from "./game";
export { PENALTY, WIN_POINTS, FULL_STOCK_BONUS, type ScoreLine } from "./outcome";
export { mulberry32, type Random, shuffle } from "./rng";
export * as classic from "./classic";
