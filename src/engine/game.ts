// The game above the hand (§13): a single hand, or a long game of hands to 150
// points with a pause between hands. One plain-data state per match holds the
// current hand (or the last one, during the pause and after the end), so the
// server runs one command queue over it and stores it as it is.

import { receive } from "./command-kit";
import { type Command, parseCommand, type Rejection } from "./commands";
import { copyPlain } from "./draft";
import { advance, apply, nextDeadline } from "./engine";
import { type EngineEvent, type EventBody, type GameResult, stamped } from "./engine-events";
import { deal, type HandSetup, newHand } from "./setup";
import { ABSENCE_MS, type HandOutcome, type HandState, type Millis, type Seat } from "./state";
import { type HandView, spectatorView, viewFor } from "./views";

export type GameKind = "single" | "long";

/** §13: the target of a long game. */
export const TARGET_POINTS = 150;
/** §13: the pause between two hands lasts at most a minute. */
export const PAUSE_MS = 60_000;

export interface GameState {
  kind: GameKind;
  /** Later hands are dealt from this seed and their number. */
  seed: number;
  now: Millis;
  phase: "hand" | "pause" | "over";
  /** The current hand; during the pause and after the end, the last one. */
  hand: HandState;
  /** 1 for the first hand. */
  number: number;
  /** Each finished hand's outcome, in order. */
  hands: { number: number; outcome: HandOutcome }[];
  totals: number[];
  pause: { start: Millis; deadline: Millis; ready: boolean[] } | null;
  /** Presence across hands, as the server reports it: since when each absent seat is away. */
  awaySince: (Millis | null)[];
  /** Seats that left the game (§13), which ends it. */
  leftGame: boolean[];
  result: GameResult | null;
}

export interface NewGameOptions {
  kind: GameKind;
  now: Millis;
  seed: number;
  /** The first hand's explicit layout instead of a deal from the seed (tests, scenarios). */
  setup?: HandSetup;
  /** Points already won, to start from (tests, scenarios). */
  totals?: number[];
  absent?: Seat[];
}

export type NewGame = { ok: true; game: GameState } | { ok: false; error: string };

export type GameApplyResult =
  { ok: true; game: GameState; events: EngineEvent[] } | { ok: false; rejection: Rejection };

export function newGame(options: NewGameOptions): NewGame {
  if (options.kind !== "single" && options.kind !== "long")
    return { ok: false, error: 'a game is "single" or "long"' };
  if (!Number.isInteger(options.seed)) return { ok: false, error: "the seed must be an integer" };
  const created = newHand({
    now: options.now,
    ...(options.setup ? { setup: options.setup } : { seed: options.seed }),
    absent: options.absent,
  });
  if (!created.ok) return created;
  const seats = created.state.players.length;
  const totals = options.totals ?? Array.from({ length: seats }, () => 0);
  if (totals.length !== seats || !totals.every(Number.isInteger))
    return { ok: false, error: `give ${seats} integer totals` };
  return {
    ok: true,
    game: {
      kind: options.kind,
      seed: options.seed,
      now: options.now,
      phase: "hand",
      hand: created.state,
      number: 1,
      hands: [],
      totals: [...totals],
      pause: null,
      awaySince: created.state.players.map((p) => p.awaySince),
      leftGame: created.state.players.map(() => false),
      result: null,
    },
  };
}

const reject = (code: Rejection["code"], reason: string) =>
  ({ ok: false, rejection: { code, reason } }) as const;

/** Applies one seat's command to the match at `now`, after every timer due by then. */
export function applyGame(
  game: GameState,
  from: unknown,
  input: unknown,
  at: unknown,
): GameApplyResult {
  const arrived = receive(
    parseCommand,
    { now: game.now, seats: game.hand.players.length, of: "game" },
    from,
    input,
    at,
  );
  if (!arrived.ok) return arrived;
  const { seat, command, now } = arrived;
  const { game: current, events } = advanceGame(game, now);
  if (current.phase === "pause" && (command.do === "ready" || command.do === "leave"))
    return betweenHands(current, seat, command, events);
  if (current.phase === "pause" && !isPresence(command))
    return reject("not-between-hands", "the hand is over: the next one starts after the pause");
  const outcome = apply(current.hand, seat, command, now);
  if (!outcome.ok) return outcome;
  const next = withHand(current, outcome.state);
  trackPresence(next, seat, command);
  events.push(...outcome.events);
  if (next.phase === "hand" && next.hand.outcome) endOfHand(next, events);
  return { ok: true, game: next, events };
}

/** Fires every timer of the match due by `now`: the hand's, then the pause's (§13). */
export function advanceGame(
  game: GameState,
  now: Millis,
): { game: GameState; events: EngineEvent[] } {
  const events: EngineEvent[] = [];
  let current = game;
  for (;;) {
    if (current.phase === "hand") {
      const advanced = advance(current.hand, now);
      if (advanced.state === current.hand) break;
      current = withHand(current, advanced.state);
      events.push(...advanced.events);
      if (!current.hand.outcome) break;
      endOfHand(current, events);
    } else if (current.phase === "pause" && current.pause!.deadline <= now) {
      current = withHand(current, current.hand);
      current.now = current.pause!.deadline;
      endOfPause(current, events);
    } else break;
  }
  if (current.now < now) {
    current = withHand(current, current.hand);
    current.now = now;
  }
  return { game: current, events };
}

/** When the match next needs advancing, or null. */
export function nextGameDeadline(game: GameState): Millis | null {
  if (game.phase === "hand") return nextDeadline(game.hand);
  if (game.phase === "pause") return game.pause!.deadline;
  return null;
}

export interface GameView {
  kind: GameKind;
  phase: GameState["phase"];
  number: number;
  totals: number[];
  hands: { number: number; outcome: HandOutcome }[];
  pause: { deadline: Millis; ready: boolean[] } | null;
  awaySince: (Millis | null)[];
  leftGame: boolean[];
  result: GameResult | null;
  hand: HandView;
}

/** The match as one seat (or, with null, a spectator) may see it. */
export function gameViewFor(game: GameState, seat: Seat | null): GameView {
  return {
    kind: game.kind,
    phase: game.phase,
    number: game.number,
    totals: [...game.totals],
    hands: copyPlain(game.hands),
    pause: game.pause && { deadline: game.pause.deadline, ready: [...game.pause.ready] },
    awaySince: [...game.awaySince],
    leftGame: [...game.leftGame],
    result: game.result && copyPlain(game.result),
    hand: seat === null ? spectatorView(game.hand) : viewFor(game.hand, seat),
  };
}

function isPresence(command: Command): boolean {
  return command.do === "disconnect" || command.do === "reconnect";
}

/** Any accepted command but a disconnect is showing up (§11). */
function trackPresence(game: GameState, seat: Seat, command: Command): void {
  const away = command.do === "disconnect";
  game.awaySince = game.awaySince.map((since, s) => (s !== seat ? since : away ? game.now : null));
  if (away && game.pause) game.pause.ready = game.pause.ready.map((r, s) => r && s !== seat);
}

function betweenHands(
  game: GameState,
  seat: Seat,
  command: Command,
  events: EngineEvent[],
): GameApplyResult {
  const next = withHand(game, game.hand);
  trackPresence(next, seat, command);
  if (command.do === "leave") {
    leaveGame(next, [seat], "left", events);
    return { ok: true, game: next, events };
  }
  if (next.pause!.ready[seat])
    return reject("not-between-hands", "you have already said you are ready");
  next.pause!.ready[seat] = true;
  emitGame(next, events, { type: "ready", seat });
  if (next.pause!.ready.every(Boolean)) startHand(next, events);
  return { ok: true, game: next, events };
}

/** Adds up the hand's points; ends a single game, or a long one at the target, or pauses (§13). */
function endOfHand(game: GameState, events: EngineEvent[]): void {
  const outcome = game.hand.outcome!;
  game.now = outcome.at;
  game.hands.push({ number: game.number, outcome });
  game.totals = game.totals.map((total, seat) => total + outcome.scores[seat]!);
  if (game.kind === "single")
    return finish(game, { reason: "hand", winner: outcome.winner, draw: outcome.draw }, events);
  const best = Math.max(...game.totals);
  const leaders = game.totals.flatMap((t, seat) => (t === best ? [seat] : []));
  if (best >= TARGET_POINTS)
    return finish(
      game,
      leaders.length === 1
        ? { reason: "target", winner: leaders[0]!, draw: null }
        : { reason: "long draw", winner: null, draw: leaders },
      events,
    );
  game.phase = "pause";
  game.pause = {
    start: outcome.at,
    deadline: outcome.at + PAUSE_MS,
    ready: game.totals.map(() => false),
  };
  emitGame(game, events, { type: "pause", deadline: game.pause.deadline });
}

/**
 * The pause is over (§11.6, §13): a seat still away after 90 s of absence
 * leaves the game; one away for less starts the next hand dormant.
 */
function endOfPause(game: GameState, events: EngineEvent[]): void {
  const gone = game.awaySince.flatMap((since, seat) =>
    since !== null && game.now - since >= ABSENCE_MS ? [seat] : [],
  );
  if (gone.length > 0) return leaveGame(game, gone, "absent", events);
  startHand(game, events);
}

function startHand(game: GameState, events: EngineEvent[]): void {
  const previous = game.hand;
  game.number++;
  const created = newHand({
    now: game.now,
    setup: deal(handSeed(game.seed, game.number)),
    absent: game.awaySince.flatMap((since, seat) => (since === null ? [] : [seat])),
  });
  if (!created.ok) throw new Error(`dealing hand ${game.number}: ${created.error}`);
  game.hand = { ...created.state, nextEventId: previous.nextEventId };
  game.awaySince = game.awaySince.map((since) => (since === null ? null : game.now));
  game.phase = "hand";
  game.pause = null;
  emitGame(game, events, { type: "handStarted", number: game.number });
}

/**
 * Leaving the game ends it at once (§13): the one left, or the leader among
 * those who stayed, wins; level leaders are a LONG DRAW; nobody left, nobody wins.
 */
function leaveGame(
  game: GameState,
  seats: Seat[],
  reason: "left" | "absent",
  events: EngineEvent[],
): void {
  for (const seat of seats) {
    game.leftGame[seat] = true;
    emitGame(game, events, { type: "leftGame", seat, reason });
  }
  const staying = game.totals.flatMap((_, seat) => (game.leftGame[seat] ? [] : [seat]));
  if (staying.length === 0)
    return finish(game, { reason: "abandoned", winner: null, draw: null }, events);
  const best = Math.max(...staying.map((seat) => game.totals[seat]!));
  const leaders = staying.filter((seat) => game.totals[seat] === best);
  finish(
    game,
    leaders.length === 1
      ? { reason: "left", winner: leaders[0]!, draw: null }
      : { reason: "long draw", winner: null, draw: leaders },
    events,
  );
}

function finish(game: GameState, result: GameResult, events: EngineEvent[]): void {
  game.phase = "over";
  game.pause = null;
  game.result = result;
  emitGame(game, events, { type: "gameOver", ...result });
}

/** Game events share the hand's counter, so one match has one stream of event ids. */
function emitGame(game: GameState, events: EngineEvent[], body: EventBody): void {
  events.push(stamped(body, game.hand.nextEventId, game.now));
  game.hand = { ...game.hand, nextEventId: game.hand.nextEventId + 1 };
}

/** A different, reproducible deal for every hand of the game. */
export function handSeed(seed: number, number: number): number {
  return (Math.imul(seed, 0x9e3779b1) + number) | 0;
}

/**
 * A private copy of the game around a hand state (hand states are never mutated in place):
 * field by field, so that the compiler names any field added later. The lists the game's
 * changes write into are copied; recorded hands and the result are never changed once made.
 */
function withHand(game: GameState, hand: HandState): GameState {
  return {
    kind: game.kind,
    seed: game.seed,
    now: game.now,
    phase: game.phase,
    hand,
    number: game.number,
    hands: [...game.hands],
    totals: [...game.totals],
    pause: game.pause && {
      start: game.pause.start,
      deadline: game.pause.deadline,
      ready: [...game.pause.ready],
    },
    awaySince: [...game.awaySince],
    leftGame: [...game.leftGame],
    result: game.result,
  };
}
