// The classic engine's entry points, shaped like src/engine/engine.ts: apply
// one seat's command at an instant, advance the clock, say when something next
// falls due. Every call works on a copy; the input state is never mutated.

import type { CardId } from "../cards";
import { copyPlain } from "../draft";
import type { Millis, Seat } from "../state";
import { label, tahitiPoints } from "./cards";
import { dispatch, gated, type Handlers, receive } from "../command-kit";
import {
  type ClassicCommand,
  type ClassicCommandName,
  type ClassicRejection,
  type ClassicRejectionCode,
  parseClassicCommand,
  type Place,
} from "./commands";
import { checkCombination } from "./combinations";
import type { ClassicEvent, ClassicEventBody, DrawCause } from "./classic-events";
import { has, OPENING_POINTS } from "./options";
import { compulsoryDraw, dealRound, drawCards } from "./setup";
import {
  type ClassicState,
  type Combination,
  type CombinationId,
  combinationOf,
  type RoundEndReason,
  type TableState,
} from "./state";

/** Between rounds: the scores stay on screen this long, unless everyone is ready sooner. */
export const ROUND_PAUSE_MS = 30_000;

export type ClassicApply =
  | { ok: true; state: ClassicState; events: ClassicEvent[] }
  | { ok: false; rejection: ClassicRejection };

interface Draft {
  state: ClassicState;
  events: ClassicEvent[];
}

/** The handlers of some of the commands. */
type ClassicHandlers<Name extends ClassicCommandName = ClassicCommandName> = Handlers<
  Extract<ClassicCommand, { do: Name }>,
  Draft,
  ClassicRejection
>;

const reject = (code: ClassicRejectionCode, reason: string): ClassicRejection => ({ code, reason });

function emit(d: Draft, body: ClassicEventBody): void {
  d.events.push(Object.assign({ id: d.state.nextEventId++, at: d.state.now }, body));
}

/** Applies one seat's command at `now`, after firing every timer due by then. */
export function applyClassic(
  state: ClassicState,
  from: unknown,
  input: unknown,
  at: unknown,
): ClassicApply {
  const arrived = receive(
    (command) => parseClassicCommand(command, has(state.options, "tahiti")),
    { now: state.now, seats: state.hands.length, of: "game" },
    from,
    input,
    at,
  );
  if (!arrived.ok) return arrived;
  const { seat, command, now } = arrived;
  const d: Draft = { state: copyPlain(state), events: [] };
  advanceDraft(d, now);
  const rejection: ClassicRejection | null = dispatch(HANDLERS, d, seat, command);
  if (rejection) return { ok: false, rejection };
  // The player's own command shows them at the table: their missed turns start again from 0.
  if (command.do !== "ready") d.state.missed[seat] = 0;
  return { ok: true, state: d.state, events: d.events };
}

/** The next instant something fires (the turn's time limit, the pause between rounds), or null. */
export function nextClassicDeadline(state: ClassicState): Millis | null {
  if (state.phase === "turn")
    return state.options.turnLimit === null ? null : state.turnStart + state.options.turnLimit;
  if (state.phase === "between") return state.pause!.deadline;
  return null;
}

/** Fires every timer due at or before `now`, in time order. */
export function advanceClassic(
  state: ClassicState,
  now: Millis,
): { state: ClassicState; events: ClassicEvent[] } {
  if (now <= state.now) return { state, events: [] };
  const due = nextClassicDeadline(state);
  if (due === null || due > now) return { state: { ...state, now }, events: [] };
  const d: Draft = { state: copyPlain(state), events: [] };
  advanceDraft(d, now);
  return { state: d.state, events: d.events };
}

function advanceDraft(d: Draft, now: Millis): void {
  const s = d.state;
  for (;;) {
    const due = nextClassicDeadline(s);
    if (due === null || due > now) break;
    s.now = Math.max(s.now, due);
    if (s.phase === "turn") timeUp(d);
    else nextRound(d);
  }
  s.now = now;
}

/** The mover's turn: a command other than ready waits for it. */
function onTurn(d: Draft, seat: Seat): ClassicRejection | null {
  const s = d.state;
  if (s.phase === "over") return reject("game-over", "the game is over");
  if (s.phase === "between")
    return reject("round-over", "the round is over: the next one has not started yet");
  if (seat !== s.turn) return reject("not-your-turn", "it is not your turn");
  return null;
}

// ── The table during a turn ────────────────────────────────────────────────

function snapshot(s: ClassicState): TableState {
  return {
    table: copyPlain(s.table),
    faceUp: [...s.faceUp],
    hand: [...s.hands[s.turn]!],
    nextCombinationId: s.nextCombinationId,
  };
}

function restoreTo(s: ClassicState, snap: TableState): void {
  s.table = copyPlain(snap.table);
  s.faceUp = [...snap.faceUp];
  s.hands[s.turn] = [...snap.hand];
  s.nextCombinationId = snap.nextCombinationId;
}

/** The mover has changed the table this turn (one step or more still standing). */
function started(s: ClassicState): boolean {
  return s.work !== null && s.work.steps.length > 0;
}

/** Records the table before a step, so the step can be undone. */
function step(s: ClassicState): void {
  s.work ??= { start: snapshot(s), steps: [] };
  s.work.steps.push(snapshot(s));
}

/** Thirty-Six before the opening: the table's combinations may not be touched (classic §8). */
function beforeOpening(s: ClassicState): boolean {
  return has(s.options, "thirty-six") && !s.opened[s.turn];
}

/** Whether the combination was on the table when the turn began. */
function fromStart(s: ClassicState, id: CombinationId): boolean {
  return (s.work?.start.table ?? s.table).some((c) => c.id === id);
}

function placeCard(s: ClassicState, card: CardId, to: Place): CombinationId {
  if (to === "new") {
    const id = s.nextCombinationId++;
    s.table.push({ id, cards: [card] });
    return id;
  }
  combinationOf(s, to)!.cards.push(card);
  return to;
}

function liftCard(s: ClassicState, card: CardId): CombinationId {
  const from = s.table.find((c) => c.cards.includes(card))!;
  from.cards.splice(from.cards.indexOf(card), 1);
  // An emptied combination leaves the table; its id is never reused.
  if (from.cards.length === 0) s.table.splice(s.table.indexOf(from), 1);
  return from.id;
}

function put(d: Draft, card: CardId, to: Place): ClassicRejection | null {
  const s = d.state;
  const hand = s.hands[s.turn]!;
  const faceUp = s.faceUp.includes(card);
  if (!hand.includes(card) && !faceUp)
    return reject(
      "card-not-here",
      `${label(card)} is not in your hand${has(s.options, "tahiti") ? " nor face up" : ""}`,
    );
  if (to !== "new" && !combinationOf(s, to))
    return reject("no-such-combination", `there is no combination ${to} on the table`);
  if (beforeOpening(s)) {
    if (faceUp)
      return reject("not-opened", "your opening is laid from your own hand: no face-up cards");
    if (to !== "new" && fromStart(s, to))
      return reject(
        "not-opened",
        `before your opening of ${OPENING_POINTS} points you may not add to the table's combinations`,
      );
  }
  step(s);
  if (faceUp) s.faceUp.splice(s.faceUp.indexOf(card), 1);
  else hand.splice(hand.indexOf(card), 1);
  emit(d, { type: "put", seat: s.turn, card, to: placeCard(s, card, to) });
  return null;
}

function move(d: Draft, card: CardId, to: Place): ClassicRejection | null {
  const s = d.state;
  const from = s.table.find((c) => c.cards.includes(card));
  if (!from) return reject("card-not-here", `${label(card)} is not on the table`);
  if (to !== "new" && !combinationOf(s, to))
    return reject("no-such-combination", `there is no combination ${to} on the table`);
  if (to === from.id)
    return reject("card-not-here", `${label(card)} is in combination ${to} already`);
  if (beforeOpening(s) && (fromStart(s, from.id) || (to !== "new" && fromStart(s, to))))
    return reject(
      "not-opened",
      `before your opening of ${OPENING_POINTS} points you may not rearrange the table's combinations`,
    );
  step(s);
  const fromId = liftCard(s, card);
  emit(d, { type: "moved", seat: s.turn, card, from: fromId, to: placeCard(s, card, to) });
  return null;
}

function takeBack(d: Draft, card: CardId): ClassicRejection | null {
  const s = d.state;
  if (!s.table.some((c) => c.cards.includes(card)))
    return reject("card-not-here", `${label(card)} is not on the table`);
  const start = s.work?.start;
  const toFaceUp = start?.faceUp.includes(card) ?? false;
  if (!(start?.hand.includes(card) ?? false) && !toFaceUp)
    return reject(
      "table-cards-stay",
      `${label(card)} was on the table before your turn: table cards never go to a hand`,
    );
  step(s);
  liftCard(s, card);
  (toFaceUp ? s.faceUp : s.hands[s.turn]!).push(card);
  emit(d, { type: "tookBack", seat: s.turn, card });
  return null;
}

function undo(d: Draft): ClassicRejection | null {
  const s = d.state;
  if (!started(s)) return reject("nothing-to-undo", "nothing to undo this turn");
  restoreTo(s, s.work!.steps.pop()!);
  if (s.work!.steps.length === 0) s.work = null;
  emit(d, { type: "undone", seat: s.turn });
  return null;
}

function reset(d: Draft): ClassicRejection | null {
  const s = d.state;
  if (!started(s)) return reject("nothing-to-undo", "nothing to reset this turn");
  restoreTo(s, s.work!.start);
  s.work = null;
  emit(d, { type: "reset", seat: s.turn });
  return null;
}

/** Cards from the mover's hand on the table now. */
function playedFromHand(s: ClassicState): CardId[] {
  if (!s.work) return [];
  const hand = s.hands[s.turn]!;
  return s.work.start.hand.filter((c) => !hand.includes(c));
}

function end(d: Draft): ClassicRejection | null {
  const s = d.state;
  if (playedFromHand(s).length === 0)
    return reject(
      "nothing-from-hand",
      started(s)
        ? "play at least one card from your hand, or reset the turn and draw"
        : "you have not played anything: put cards on the table, or draw",
    );
  finishPlay(d);
  return null;
}

const turnSteps: ClassicHandlers<"put" | "move" | "takeBack" | "undo" | "reset" | "end"> = {
  put: (d, _seat, c) => put(d, c.card, c.to),
  move: (d, _seat, c) => move(d, c.card, c.to),
  takeBack: (d, _seat, c) => takeBack(d, c.card),
  undo,
  reset,
  end,
};

// ── The whole-table turn (the scenario format's reference path) ────────────

const wholeTurns: ClassicHandlers<"turn"> = { turn: (d, _seat, c) => wholeTurn(d, c.table) };

function wholeTurn(d: Draft, lists: CardId[][]): ClassicRejection | null {
  const s = d.state;
  if (started(s))
    return reject("started-to-play", "you have started to play: end or reset the turn first");
  const hand = s.hands[s.turn]!;
  const onTable = new Set(s.table.flatMap((c) => c.cards));
  const seen = new Set<CardId>();
  for (const card of lists.flat()) {
    if (seen.has(card))
      return reject("not-the-table", `${label(card)} (card ${card}) is twice in the new table`);
    seen.add(card);
    if (!onTable.has(card) && !hand.includes(card) && !s.faceUp.includes(card))
      return reject("card-not-here", `${label(card)} is neither on the table nor yours to play`);
  }
  for (const card of onTable)
    if (!seen.has(card))
      return reject(
        "table-cards-stay",
        `the new table leaves out ${label(card)}: table cards never go to a hand`,
      );
  if (!hand.some((c) => seen.has(c)))
    return reject("nothing-from-hand", "play at least one card from your hand, or draw");
  s.work = { start: snapshot(s), steps: [] };
  const { table, next } = withIds(s.table, lists, s.nextCombinationId);
  s.table = table;
  s.nextCombinationId = next;
  s.hands[s.turn] = hand.filter((c) => !seen.has(c));
  s.faceUp = s.faceUp.filter((c) => !seen.has(c));
  finishPlay(d);
  return null;
}

/**
 * Ids for a new table given as card lists: each old combination's id goes to the new
 * one sharing most of its cards (ties: the lower id, then the earlier list); the rest
 * get new ids. The table reads by increasing id.
 */
export function withIds(
  old: readonly Combination[],
  lists: readonly CardId[][],
  next: CombinationId,
): { table: Combination[]; next: CombinationId } {
  const oldId = new Map<CardId, CombinationId>();
  for (const combination of old)
    for (const card of combination.cards) oldId.set(card, combination.id);
  const pairs: { list: number; id: CombinationId; shared: number }[] = [];
  lists.forEach((cards, list) => {
    const shared = new Map<CombinationId, number>();
    for (const card of cards) {
      const id = oldId.get(card);
      if (id !== undefined) shared.set(id, (shared.get(id) ?? 0) + 1);
    }
    for (const [id, count] of shared) pairs.push({ list, id, shared: count });
  });
  pairs.sort((a, b) => b.shared - a.shared || a.id - b.id || a.list - b.list);
  const ids: (CombinationId | undefined)[] = lists.map(() => undefined);
  const taken = new Set<CombinationId>();
  for (const pair of pairs)
    if (ids[pair.list] === undefined && !taken.has(pair.id)) {
      ids[pair.list] = pair.id;
      taken.add(pair.id);
    }
  const table = lists.map((cards, list) => ({ id: ids[list] ?? next++, cards: [...cards] }));
  return { table: table.sort((a, b) => a.id - b.id), next };
}

// ── Ending a turn ───────────────────────────────────────────────────────────

/** The judgement of the table at the end of a play: null when it stands, else why not. */
export function judge(s: ClassicState, start: TableState): string | null {
  for (const c of s.table) {
    const check = checkCombination(c.cards, s.options.ace);
    if (!check.ok) return check.reason;
  }
  if (!beforeOpening(s)) return null;
  const same = (a: Combination, b: Combination) =>
    a.cards.length === b.cards.length && a.cards.every((c) => b.cards.includes(c));
  if (!start.table.every((old) => s.table.some((c) => same(c, old))))
    return `before your opening of ${OPENING_POINTS} points you may not add to or rearrange the table's combinations`;
  const fresh = s.table.filter((c) => !start.table.some((old) => same(old, c)));
  if (fresh.some((c) => c.cards.some((card) => !start.hand.includes(card))))
    return "your opening is laid from your own hand: no face-up cards";
  const points = fresh.reduce((sum, c) => {
    const check = checkCombination(c.cards, s.options.ace);
    return sum + (check.ok ? check.points : 0);
  }, 0);
  return points >= OPENING_POINTS
    ? null
    : `your opening is worth ${points} points: it needs ${OPENING_POINTS}`;
}

/** The mover ends a play: a valid table stands, an invalid one is restored with the penalty. */
function finishPlay(d: Draft): void {
  const s = d.state;
  const seat = s.turn;
  const work = s.work!;
  const failure = judge(s, work.start);
  if (failure !== null) {
    restoreTo(s, work.start);
    s.work = null;
    emit(d, { type: "failed", seat, reason: failure });
    drawWithEvents(d, s.options.penalty, "penalty");
    s.quietTurns++;
    nextTurn(d);
    return;
  }
  const placed = new Set(s.table.flatMap((c) => c.cards));
  emit(d, {
    type: "played",
    seat,
    table: copyPlain(s.table),
    fromHand: work.start.hand.filter((c) => placed.has(c)),
    fromFaceUp: work.start.faceUp.filter((c) => placed.has(c)),
  });
  s.opened[seat] = true;
  s.work = null;
  s.quietTurns = 0;
  if (s.hands[seat]!.length === 0) {
    endRound(d, "out", seat);
    return;
  }
  if (has(s.options, "guadalupe")) drawWithEvents(d, 1, "guadalupe");
  nextTurn(d);
}

function drawWithEvents(d: Draft, n: number, cause: DrawCause): void {
  const seat = d.state.turn;
  for (const card of drawCards(d.state, seat, n)) emit(d, { type: "drew", seat, card, cause });
}

/** A turn without a play: draw (Guadalupe: two), or pass when there is nothing to draw. */
function endWithoutPlay(d: Draft): void {
  const s = d.state;
  if (!s.drewFirst && s.stock.length > 0)
    drawWithEvents(d, has(s.options, "guadalupe") ? 2 : 1, "draw");
  else emit(d, { type: "passed", seat: s.turn });
  s.quietTurns++;
  nextTurn(d);
}

function draw(d: Draft): ClassicRejection | null {
  const s = d.state;
  if (started(s))
    return reject(
      "started-to-play",
      "you have started to play: you never both play and draw (end or reset the turn)",
    );
  if (s.drewFirst)
    return reject("drew-first", "you have drawn this turn's card already: play, or pass");
  endWithoutPlay(d);
  return null;
}

function pass(d: Draft): ClassicRejection | null {
  const s = d.state;
  if (started(s))
    return reject("started-to-play", "you have started to play: end or reset the turn first");
  if (s.stock.length > 0 && !s.drewFirst)
    return reject("must-draw", "you may pass only when the stock is empty: draw a card, or play");
  endWithoutPlay(d);
  return null;
}

const withoutPlay: ClassicHandlers<"draw" | "pass"> = { draw, pass };

/**
 * The turn's time limit runs out: a play with a card from the hand is judged as if
 * ended (a valid table stands, an invalid one is restored with the penalty); anything
 * else is put back and the turn ends as a draw (a pass when there is nothing to draw).
 */
function timeUp(d: Draft): void {
  const s = d.state;
  emit(d, { type: "timeUp", seat: s.turn });
  s.missed[s.turn]!++;
  if (playedFromHand(s).length > 0) {
    finishPlay(d);
    return;
  }
  if (s.work) restoreTo(s, s.work.start);
  s.work = null;
  const limit = s.options.absentOut;
  if (limit !== null && s.missed[s.turn]! >= limit) outForAbsence(d);
  else endWithoutPlay(d);
}

/** The seats still in the round (not out for absence). */
function inRound(s: ClassicState): Seat[] {
  return s.hands.flatMap((_, seat) => (s.absent.includes(seat) ? [] : [seat]));
}

/**
 * Ranked games: the mover missed `absentOut` turns in a row and is out of the round, its hand
 * kept for the worst score; its turns are skipped. The last player left in wins the round.
 */
function outForAbsence(d: Draft): void {
  const s = d.state;
  s.absent.push(s.turn);
  s.quietTurns++;
  emit(d, { type: "absentOut", seat: s.turn });
  const left = inRound(s);
  if (left.length === 1) endRound(d, "alone", left[0]!);
  else nextTurn(d);
}

function beginTurn(d: Draft, seat: Seat): void {
  const s = d.state;
  s.turn = seat;
  s.turnStart = s.now;
  s.drewFirst = false;
  s.work = null;
  for (const card of compulsoryDraw(s)) emit(d, { type: "drew", seat, card, cause: "first" });
  emit(d, { type: "turnStarted", seat, deadline: nextClassicDeadline(s) });
}

function nextTurn(d: Draft): void {
  const s = d.state;
  // Classic §5: with the stock empty, a whole round of turns without a card played ends it
  // (the turn that drew the last card counts, as the scenario format says).
  if (s.stock.length === 0 && s.quietTurns >= inRound(s).length) {
    endRound(d, "blocked", null);
    return;
  }
  let next = (s.turn + 1) % s.hands.length;
  while (s.absent.includes(next)) next = (next + 1) % s.hands.length;
  beginTurn(d, next);
}

// ── Rounds and the game ────────────────────────────────────────────────────

function endRound(d: Draft, reason: RoundEndReason, out: Seat | null): void {
  const s = d.state;
  const playing = inRound(s);
  const fewest = Math.min(...playing.map((seat) => s.hands[seat]!.length));
  const winners = out !== null ? [out] : playing.filter((seat) => s.hands[seat]!.length === fewest);
  const tahiti = has(s.options, "tahiti");
  const scores = s.hands.map((hand, seat) =>
    winners.includes(seat)
      ? 0
      : tahiti
        ? hand.reduce((sum, c) => sum + tahitiPoints(c), 0)
        : hand.length,
  );
  // Out for absence: never better than anyone who stayed (docs/rules-decisions.md).
  const worst = Math.max(0, ...playing.map((seat) => scores[seat]!));
  for (const seat of s.absent) scores[seat] = Math.max(scores[seat]!, worst);
  const winner = winners.length === 1 ? winners[0]! : null;
  const draw = winners.length > 1 ? winners : null;
  const absent = [...s.absent];
  s.totals = s.totals.map((t, seat) => t + scores[seat]!);
  s.rounds.push({ reason, winner, draw, scores, absent, at: s.now });
  s.work = null;
  emit(d, { type: "roundOver", reason, winner, draw, scores, absent, totals: [...s.totals] });
  const target = s.options.target;
  if (target === null) {
    finishGame(d, { reason: "round", winner, draw });
  } else if (s.totals.some((t) => t >= target)) {
    const lowest = Math.min(...s.totals);
    const leaders = s.totals.flatMap((t, seat) => (t === lowest ? [seat] : []));
    finishGame(d, {
      reason: "target",
      winner: leaders.length === 1 ? leaders[0]! : null,
      draw: leaders.length > 1 ? leaders : null,
    });
  } else {
    s.phase = "between";
    s.pause = { deadline: s.now + ROUND_PAUSE_MS, ready: s.hands.map(() => false) };
  }
}

function finishGame(d: Draft, result: NonNullable<ClassicState["result"]>): void {
  d.state.phase = "over";
  d.state.result = result;
  emit(d, { type: "gameOver", ...result });
}

function ready(d: Draft, seat: Seat): ClassicRejection | null {
  const s = d.state;
  if (s.phase !== "between")
    return reject("not-between-rounds", "there is no next round to get ready for");
  if (s.pause!.ready[seat]) return null;
  s.pause!.ready[seat] = true;
  emit(d, { type: "ready", seat });
  if (s.pause!.ready.every(Boolean)) nextRound(d);
  return null;
}

/** Classic §3: the deal passes to the left; the player to the new dealer's left starts. */
function nextRound(d: Draft): void {
  const s = d.state;
  const players = s.hands.length;
  s.round++;
  s.dealer = (s.dealer + 1) % players;
  const dealt = dealRound(s.options, players, s.seed, s.round, s.dealer);
  s.hands = dealt.hands;
  s.faceUp = dealt.faceUp;
  s.stock = dealt.stock;
  s.table = [];
  s.unused = [];
  s.nextCombinationId = 1;
  s.opened = s.hands.map(() => false);
  s.quietTurns = 0;
  s.absent = [];
  s.phase = "turn";
  s.pause = null;
  emit(d, { type: "dealt", round: s.round, dealer: s.dealer });
  beginTurn(d, (s.dealer + 1) % players);
}

/** One handler per command: ready is for any seat between rounds, the rest wait for the turn. */
const HANDLERS: ClassicHandlers = {
  ready,
  ...gated(onTurn, { ...turnSteps, ...wholeTurns, ...withoutPlay }),
};
