// Classic Machiavelli's rules engine (../shared/rules/machiavelli-classic.txt):
// turn-based, 2 to 8 players, with its variants. Pure like src/engine:
//
//   newClassicGame({ players, seed | setup, options, now }) → { ok, state }
//   applyClassic(state, seat, command, now)  → { ok: true, state, events } | { ok: false, rejection }
//   advanceClassic(state, now)               → { state, events }: the turn limit, the pause between rounds
//   nextClassicDeadline(state)               → when to call advance next, or null
//   classicViewFor(state, seat) / classicSpectatorView(state)
//   classicEventsFor(events, seat)           → the events with others' drawn cards hidden

export * from "./cards";
export * from "./combinations";
export * from "./options";
export * from "./state";
export * from "./commands";
export * from "./classic-events";
export {
  advanceClassic,
  applyClassic,
  type ClassicApply,
  nextClassicDeadline,
  ROUND_PAUSE_MS,
  withIds,
} from "./engine";
export * from "./plays";
export { type ClassicSetup, dealRound, newClassicGame, type NewClassicGame } from "./setup";
export {
  type ClassicCombinationView,
  type ClassicView,
  classicSpectatorView,
  classicViewFor,
} from "./views";
