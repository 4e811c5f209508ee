// The server's one door to the rules engine (src/engine): every use of the engine from the
// server goes through this module, so a change of the engine's API lands here alone. A match
// runs the engine's game (§13): a single hand, or a long game of hands with a pause between;
// or a classic Machiavelli game (src/engine/classic).

import {
  advanceGame as advanceEngineGame,
  applyGame,
  COMMAND_FIELDS,
  eventsFor,
  gameViewFor,
  newGame,
  nextGameDeadline,
  ownView,
  type Command,
  type EngineEvent,
  type Field,
  type GameKind,
  type GameState as EngineGameState,
  type GameView as EngineGameView,
  type HandOutcome,
  type Rejection,
} from "@/engine";
import {
  advanceClassic,
  applyClassic,
  classicEventsFor,
  classicSpectatorView,
  classicViewFor,
  newClassicGame,
  nextClassicDeadline,
  parseOptions,
  type ClassicCommand,
  type ClassicEvent,
  type ClassicOptions,
  type ClassicRejection,
  type ClassicState,
  type ClassicView,
} from "@/engine/classic";
import { shareUnchanged } from "@/protocol/view-patch";

export type GameState = EngineGameState;
export type GameEvent = EngineEvent;
export type GameView = EngineGameView;
export type { Command, GameKind, HandOutcome, Rejection };
/** Each command's fields, as the engine parses them: the routers take their input from these. */
export { COMMAND_FIELDS, type Field };

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

// ── Both games side by side ─────────────────────────────────────────────────
// A match is Machiavelox or classic Machiavelli. The live server holds either through
// `MatchRules`, one door per game; the functions above remain Machiavelox's own.

/** What a match plays, as stored with it (Match.rules, Match.seatCount, Match.options). */
export type MatchSpec =
  | { rules: "machiavelox"; kind: GameKind }
  | { rules: "classic"; players: number; options: ClassicOptions };

export type MatchState = GameState | ClassicState;
export type MatchEvent = GameEvent | ClassicEvent;
export type MatchView = GameView | ClassicView;
export type MatchCommand = Command | ClassicCommand;
export type MatchRejection = Rejection | ClassicRejection;
export type MatchApplied =
  { ok: true; state: MatchState; events: MatchEvent[] } | { ok: false; rejection: MatchRejection };

/** A finished hand or round as stored (HandResult). */
export type FinishedHand = {
  number: number;
  outcome: { scores: number[]; winner: number | null; reason: string };
};

/** A game's end as stored: its winner (null: a draw) and each seat's total. */
export type MatchOutcome = { winner: number | null; totals: number[] } & Record<string, unknown>;

export function isClassicState(state: MatchState): state is ClassicState {
  return "rules" in state && state.rules === "classic";
}

/** One game's rules, as the live server uses them. */
export interface MatchRules {
  readonly spec: MatchSpec;
  readonly seats: number;
  start(seed: number): MatchState;
  apply(state: MatchState, seat: number, command: MatchCommand, now: Millis): MatchApplied;
  advance(state: MatchState, now: Millis): { state: MatchState; events: MatchEvent[] };
  wakeUpAt(state: MatchState): Millis | null;
  lastEventIdOf(state: MatchState): number;
  seatView(state: MatchState, seat: number): MatchView;
  publicView(state: MatchState): MatchView;
  audienceViews(state: MatchState, previous: MatchView | null): (seat: number | null) => MatchView;
  projectEvents(events: readonly MatchEvent[], seat: number | null): MatchEvent[];
  /** The command telling the engine a seat came or went; null where the engine keeps no presence. */
  presenceCommand(state: MatchState, seat: number, present: boolean): MatchCommand | null;
  finishedHands(state: MatchState): FinishedHand[];
  outcomeOf(state: MatchState): MatchOutcome | null;
  hasLeft(state: MatchState, seat: number): boolean;
}

function machiaveloxRules(kind: GameKind): MatchRules {
  const m = (state: MatchState) => state as GameState;
  return {
    spec: { rules: "machiavelox", kind },
    seats: SEAT_COUNT,
    start: (seed) => startGame(seed, kind),
    apply: (state, seat, command, now) => applyCommand(m(state), seat, command as Command, now),
    advance: (state, now) => advanceGame(m(state), now),
    wakeUpAt: (state) => wakeUpAt(m(state)),
    lastEventIdOf: (state) => lastEventIdOf(m(state)),
    seatView: (state, seat) => seatView(m(state), seat),
    publicView: (state) => publicView(m(state)),
    audienceViews: (state, previous) => audienceViews(m(state), previous as GameView | null),
    projectEvents: (events, seat) => projectEvents(events as GameEvent[], seat),
    presenceCommand: (state, seat, present) =>
      isPresent(m(state), seat) === present ? null : presenceCommand(present),
    finishedHands: (state) => finishedHands(m(state)),
    outcomeOf: (state) => outcomeOf(m(state)),
    hasLeft: (state, seat) => hasLeft(m(state), seat),
  };
}

function classicRules(players: number, options: ClassicOptions): MatchRules {
  const c = (state: MatchState) => state as ClassicState;
  return {
    spec: { rules: "classic", players, options },
    seats: players,
    start: (seed) => {
      const created = newClassicGame({ players, seed, options, now: 0 });
      // Only a programming error (options not checked, a non-integer seed) can fail here.
      if (!created.ok) throw new Error(created.error);
      return created.state;
    },
    apply: (state, seat, command, now) => applyClassic(c(state), seat, command, now),
    advance: (state, now) => advanceClassic(c(state), now),
    wakeUpAt: (state) => nextClassicDeadline(c(state)),
    lastEventIdOf: (state) => c(state).nextEventId - 1,
    seatView: (state, seat) => classicViewFor(c(state), seat),
    publicView: (state) => classicSpectatorView(c(state)),
    audienceViews: (state, previous) => {
      let shared: ClassicView | null = null;
      return (seat) => {
        const fresh = () => classicSpectatorView(c(state));
        shared ??= previous ? shareUnchanged(previous as ClassicView, fresh()) : fresh();
        if (seat === null) return shared;
        const hand = c(state).hands[seat];
        return { ...shared, you: hand ? { seat, hand: [...hand] } : null };
      };
    },
    projectEvents: (events, seat) => classicEventsFor(events as ClassicEvent[], seat),
    presenceCommand: () => null,
    finishedHands: (state) =>
      c(state).rounds.map((round, index) => ({
        number: index + 1,
        outcome: { scores: round.scores, winner: round.winner, reason: round.reason },
      })),
    outcomeOf: (state) => {
      const { result, totals, rounds } = c(state);
      // With the last round's seats out for absence: a ranked round's finishing order needs them.
      return result && { ...result, totals: [...totals], absent: rounds.at(-1)?.absent ?? [] };
    },
    hasLeft: () => false,
  };
}

export function rulesFor(spec: MatchSpec): MatchRules {
  return spec.rules === "classic"
    ? classicRules(spec.players, spec.options)
    : machiaveloxRules(spec.kind);
}

/** A match's spec from its stored row: `rules`, its kind, seats and options. */
export function specOf(row: {
  rules: string;
  kind: string;
  seatCount: number;
  options: unknown;
}): MatchSpec {
  if (row.rules !== "classic") return { rules: "machiavelox", kind: gameKindOf(row.kind) };
  const parsed = parseOptions(row.options as Partial<ClassicOptions>, row.seatCount);
  // The options were checked before they were stored.
  if (!parsed.ok) throw new Error(`match options no longer valid: ${parsed.error}`);
  return { rules: "classic", players: row.seatCount, options: parsed.options };
}
