// The engine's entry points: apply one seat's command at an instant, advance
// the clock, and say when something next falls due. Every call works on a
// copy; the input state is never mutated.

import { type CardId, cardName } from "./cards";
import { type Command, parseCommand, type Rejection, type RejectionCode } from "./commands";
import { type Draft, draftOf, emit } from "./draft";
import type { EngineEvent } from "./engine-events";
import { checkMeld, couldBecomeMeld } from "./melds";
import {
  absenceDeadline,
  callStop,
  checkFreezeGoingOut,
  finishFreeze,
  inactivity,
  leave,
  leavesWithSurvivorWin,
  setPresence,
  tiebreakOver,
} from "./lifecycle";
import { endPlay, ensurePlay, finalizeSteps, letGoOfHold, nextFinality, settlePlays } from "./play";
import {
  handOf,
  HOLD_LIMIT_MS,
  INACTIVITY_MS,
  type HandState,
  isFrozen,
  meldOf,
  type Millis,
  openPlayOf,
  PING_PONG_RETURNS,
  reservationOf,
  returnToHand,
  type Seat,
  type Step,
  takeFromHand,
} from "./state";
import { recordStep, splitIfLong } from "./table";

export type ApplyResult =
  { ok: true; state: HandState; events: EngineEvent[] } | { ok: false; rejection: Rejection };

const reject = (code: RejectionCode, reason: string): Rejection => ({ code, reason });

/** Applies one seat's command at `now`, after firing every timer due by then. */
export function apply(state: HandState, seat: unknown, input: unknown, now: unknown): ApplyResult {
  if (typeof now !== "number" || !Number.isInteger(now) || now < state.now)
    return {
      ok: false,
      rejection: reject("bad-time", `time must be an integer of ms, not before ${state.now}`),
    };
  if (typeof seat !== "number" || !Number.isInteger(seat) || !state.players[seat])
    return {
      ok: false,
      rejection: reject("unknown-seat", `seat ${JSON.stringify(seat)} is not in this hand`),
    };
  const parsed = parseCommand(input);
  if (!parsed.ok) return parsed;
  const draft = draftOf(state);
  advanceDraft(draft, now);
  const rejection = perform(draft, seat, parsed.command);
  if (rejection) return { ok: false, rejection };
  if (draft.state.freeze?.seat === seat) checkFreezeGoingOut(draft);
  settle(draft);
  return { ok: true, state: draft.state, events: draft.events };
}

/** Fires every timer due at or before `now`, in time order. */
export function advance(
  state: HandState,
  now: Millis,
): { state: HandState; events: EngineEvent[] } {
  if (now <= state.now) return { state, events: [] };
  // Nothing falls due: only the clock moves. The rest is shared, not copied (every command
  // advances first, and a copy here doubled the copying of each one); nothing mutates it.
  const due = nextDeadline(state);
  if (due === null || due > now) return { state: { ...state, now }, events: [] };
  const draft = draftOf(state);
  advanceDraft(draft, now);
  return { state: draft.state, events: draft.events };
}

type TimerKind = "play" | "hold" | "freeze" | "absence" | "tiebreak" | "inactivity" | "final";

/**
 * Every running timer, in the order they fire when they fall due at the same
 * instant: plays first (a command at a deadline comes after its judgement),
 * then holds, the freeze, absences, the tie-break, inactivity; finality last.
 * None runs once the hand is over; a freeze stops all but the caller's (§9).
 */
function timers(state: HandState): [TimerKind, Millis][] {
  if (state.outcome) return [];
  const list: [TimerKind, Millis][] = [];
  const freeze = state.freeze;
  if (!freeze) for (const p of state.plays) if (p.open) list.push(["play", p.deadline]);
  for (const p of state.players) if (p.hold) list.push(["hold", p.hold.until]);
  if (freeze) list.push(["freeze", freeze.deadline]);
  state.players.forEach((_, seat) => {
    const at = absenceDeadline(state, seat);
    if (at !== null) list.push(["absence", at]);
  });
  if (state.tiebreak) list.push(["tiebreak", state.tiebreak.deadline]);
  else if (!freeze) list.push(["inactivity", state.progressAt + INACTIVITY_MS]);
  const finality = freeze ? null : nextFinality(state);
  if (finality !== null) list.push(["final", finality]);
  return list;
}

/**
 * The next instant something fires (a play's 40 s, a hold's 10 s, a step
 * becoming final, the freeze, an absence, the tie-break, inactivity), or null.
 */
export function nextDeadline(state: HandState): Millis | null {
  const times = timers(state).map(([, at]) => at);
  return times.length > 0 ? Math.min(...times) : null;
}

function advanceDraft(draft: Draft, now: Millis): void {
  const { state } = draft;
  for (;;) {
    const due = nextDeadline(state);
    if (due === null || due > now) break;
    state.now = Math.max(state.now, due);
    const kind = timers(state).find(([, at]) => at <= state.now)![0];
    fire(draft, kind);
    settle(draft);
  }
  state.now = now;
}

function fire(draft: Draft, kind: TimerKind): void {
  const { state } = draft;
  switch (kind) {
    case "play":
      for (const play of state.plays.filter((p) => p.open && p.deadline <= state.now))
        if (play.open && !state.outcome) endPlay(draft, play, "time");
      return;
    case "hold":
      state.players.forEach((player, seat) => {
        if (player.hold && player.hold.until <= state.now) letGoOfHold(draft, seat, "expired");
      });
      return;
    case "freeze":
      return finishFreeze(draft, "time");
    case "absence": {
      const due = state.players.flatMap((_, seat) => {
        const at = absenceDeadline(state, seat);
        return at !== null && at <= state.now ? [seat] : [];
      });
      return leave(draft, due, "absent");
    }
    case "tiebreak":
      return tiebreakOver(draft);
    case "inactivity":
      return inactivity(draft);
    case "final":
      return; // settle() folds the steps that became final
  }
}

function settle(draft: Draft): void {
  settlePlays(draft);
  // Nothing becomes final during a freeze (§9) or once the hand has ended in its state.
  if (!draft.state.freeze && !draft.state.outcome) finalizeSteps(draft);
  const { state } = draft;
  const open = (id: number) => state.plays.some((p) => p.id === id && p.open);
  state.contests = state.contests.filter((c) => c.plays.some(open));
  state.reserved = state.reserved.filter((r) => state.plays.some((p) => p.id === r.play));
}

/** Commands about the hand's life rather than its cards: presence, leaving, «Stop!». */
function performLifecycle(draft: Draft, seat: Seat, command: Command): Rejection | null | "cards" {
  const { state } = draft;
  const player = state.players[seat]!;
  if (command.do === "disconnect" || command.do === "reconnect")
    return setPresence(draft, seat, command.do === "reconnect");
  if (command.do === "leave" && leavesWithSurvivorWin(state, seat)) {
    leave(draft, [seat], "left");
    return null;
  }
  if (state.outcome) return reject("hand-over", "the hand is over");
  // Acting is showing up (§11).
  if (!player.present) setPresence(draft, seat, true);
  if (player.status === "left")
    return reject("not-playing", "you left this hand: you can watch, not play (§11.2)");
  if (player.status !== "playing")
    return reject("not-playing", `you are no longer playing this hand (${player.status})`);
  if (command.do === "ready")
    return reject("not-between-hands", "ready is for the pause between hands of a long game (§13)");
  if (command.do === "leave") {
    leave(draft, [seat], "left");
    return null;
  }
  if (isFrozen(state, seat))
    return reject("frozen", "«Stop!» has frozen the game: wait for the freeze to end (§9)");
  if (state.tiebreak && !state.tiebreak.seats.includes(seat))
    return reject("not-in-tiebreak", "only the tied players take part in the tie-break (§10.2)");
  if (command.do === "stop") return callStop(draft, seat);
  if (command.do === "giveup") {
    if (state.freeze?.seat !== seat)
      return reject("no-freeze", "you can only give up during your own freeze (§9)");
    finishFreeze(draft, "gave up");
    return null;
  }
  if (command.do === "end" && state.freeze?.seat === seat)
    return reject(
      "in-freeze",
      "during your freeze the play ends when you go out, give up or time runs out (§9)",
    );
  return "cards";
}

function perform(draft: Draft, seat: Seat, command: Command): Rejection | null {
  const lifecycle = performLifecycle(draft, seat, command);
  if (lifecycle !== "cards") return lifecycle;
  const { state } = draft;
  const player = state.players[seat]!;
  const name = (card: CardId) => cardName(card);
  const staged = player.staging.length > 0;
  // The freeze gives the caller the whole table, declared or not (§9).
  const mayTouchTable = staged || state.freeze?.seat === seat;
  const hand = handOf(state, seat);
  const notDeclared = () =>
    reject(
      "not-declared",
      "declare first: with an empty staging area you cannot lay hands on table cards (§5.3, §6)",
    );
  const fromHandBlocked = () =>
    reject(
      "staging-not-empty",
      "your staging area holds cards: finish the declared play before playing from your hand (§5.3)",
    );

  switch (command.do) {
    case "draw": {
      if (staged)
        return reject(
          "staging-not-empty",
          "you cannot draw while your staging area holds cards (§5.3)",
        );
      const card = player.stock.shift();
      if (card === undefined) return reject("stock-empty", "your stock is empty (§4)");
      player.hand.push(card);
      player.achieved.drawn = true;
      state.progressAt = state.now;
      emit(draft, { type: "drew", seat, card, forced: false });
      return null;
    }
    case "stage": {
      if (!hand.includes(command.card))
        return reject("card-not-here", `${name(command.card)} is not in your hand`);
      takeFromHand(state, seat, command.card);
      player.staging.push(command.card);
      ensurePlay(draft, seat);
      emit(draft, { type: "staged", seat, card: command.card });
      return null;
    }
    case "unstage": {
      if (!player.staging.includes(command.card))
        return reject("card-not-here", `${name(command.card)} is not in your staging area`);
      player.staging = player.staging.filter((c) => c !== command.card);
      returnToHand(state, seat, [command.card]);
      emit(draft, { type: "unstaged", seat, card: command.card });
      dropHoldIfUndeclared(draft, seat);
      return null;
    }
    case "lay": {
      const cards = command.cards ?? [...player.staging];
      if (cards.length === 0)
        return reject("not-declared", "your staging area is empty: there is nothing to lay (§5.1)");
      const missing = cards.find((c) => !player.staging.includes(c));
      if (missing !== undefined)
        return reject("card-not-here", `${name(missing)} is not in your staging area`);
      if (new Set(cards).size !== cards.length)
        return reject("malformed", "a card is listed twice");
      const check = checkMeld(draft.rules, cards);
      if (!check.ok) return reject("invalid-meld", `not a valid meld: ${check.reason} (§5.1)`);
      const play = ensurePlay(draft, seat);
      const meld = state.nextMeldId++;
      player.staging = player.staging.filter((c) => !cards.includes(c));
      const steps = check.ordered.map((card) =>
        recordStep(draft, { card, from: "staging", to: meld, seat, play: play.id }),
      );
      play.lays.push(steps.map((s) => s.id));
      emit(draft, { type: "laid", seat, play: play.id, meld, cards: check.ordered });
      splitIfLong(draft, meld, [], steps[steps.length - 1]!);
      dropHoldIfUndeclared(draft, seat);
      return null;
    }
    case "add": {
      if (staged) return fromHandBlocked();
      if (!hand.includes(command.card))
        return reject("card-not-here", `${name(command.card)} is not in your hand`);
      if (command.meld === "new")
        return reject(
          "single-card",
          "a single card from your hand never opens a new meld: stage the cards and lay them (§5.3)",
        );
      const meld = meldOf(state, command.meld);
      if (!meld) return reject("no-such-meld", `there is no meld ${command.meld} on the table`);
      const play = ensurePlay(draft, seat);
      const earlier = [...meld.cards];
      takeFromHand(state, seat, command.card);
      const step = recordStep(draft, {
        card: command.card,
        from: "hand",
        to: meld.id,
        seat,
        play: play.id,
      });
      emit(draft, { type: "added", seat, play: play.id, card: command.card, meld: meld.id });
      splitIfLong(draft, meld.id, earlier, step);
      return null;
    }
    case "take": {
      if (!mayTouchTable) return notDeclared();
      const refusal = refuseTake(draft, seat, command.card, command.meld);
      if (refusal) return refusal;
      if (player.hold)
        return reject("holding-another", `you already hold ${name(player.hold.card)} (§6)`);
      player.hold = { card: command.card, until: state.now + HOLD_LIMIT_MS };
      // Someone else has had the card since: a former holder's wait is over.
      for (const other of state.players) if (other.letGo === command.card) other.letGo = null;
      emit(draft, { type: "took", seat, card: command.card, meld: command.meld });
      return null;
    }
    case "move": {
      if (!mayTouchTable) return notDeclared();
      const refusal = refuseTake(draft, seat, command.card, command.from);
      if (refusal) return refusal;
      if (player.hold && player.hold.card !== command.card)
        return reject("holding-another", `you already hold ${name(player.hold.card)} (§6)`);
      const target = command.to === "new" ? null : meldOf(state, command.to);
      if (command.to !== "new" && !target)
        return reject("no-such-meld", `there is no meld ${command.to} on the table`);
      if (target?.id === command.from)
        return reject(
          "cannot-go-there",
          `${name(command.card)} is already in meld ${command.from}`,
        );
      if (
        target &&
        !couldBecomeMeld(draft.rules, [...settledCards(draft, target.id), command.card])
      )
        return reject(
          "cannot-go-there",
          `${name(command.card)} cannot go into meld ${target.id}: it drops back (§6)`,
        );
      const play = ensurePlay(draft, seat);
      const to = target?.id ?? state.nextMeldId++;
      const earlier = target ? [...target.cards] : [];
      const left = [...meldOf(state, command.from)!.cards];
      if (player.hold) player.hold = null;
      const step = recordStep(draft, {
        card: command.card,
        from: command.from,
        to,
        seat,
        play: play.id,
      });
      emit(draft, {
        type: "moved",
        seat,
        play: play.id,
        card: command.card,
        from: command.from,
        to,
      });
      trackPingPong(draft, step);
      splitIfLong(draft, to, earlier, step);
      // Taking away the card that spoilt it can leave a valid run too long behind (§3.1).
      splitIfLong(draft, command.from, left, step);
      return null;
    }
    case "release": {
      if (!player.hold) return reject("nothing-held", "you hold no table card");
      letGoOfHold(draft, seat, "released");
      return null;
    }
    case "place": {
      if (!player.staging.includes(command.card))
        return reject("card-not-here", `${name(command.card)} is not in your staging area`);
      const target = command.to === "new" ? null : meldOf(state, command.to);
      if (command.to !== "new" && !target)
        return reject("no-such-meld", `there is no meld ${command.to} on the table`);
      const play = openPlayOf(state, seat)!;
      const to = target?.id ?? state.nextMeldId++;
      const earlier = target ? [...target.cards] : [];
      player.staging = player.staging.filter((c) => c !== command.card);
      const step = recordStep(draft, {
        card: command.card,
        from: "staging",
        to,
        seat,
        play: play.id,
      });
      emit(draft, { type: "placed", seat, play: play.id, card: command.card, meld: to });
      splitIfLong(draft, to, earlier, step);
      dropHoldIfUndeclared(draft, seat);
      return null;
    }
    case "end":
    case "cancel": {
      const play = openPlayOf(state, seat);
      if (!play) return reject("no-open-play", "you have no open play");
      endPlay(draft, play, command.do === "end" ? "ended" : "cancelled");
      return null;
    }
    default:
      throw new Error(`unhandled command ${command.do}`);
  }
}

/** Why this seat may not lay hands on that table card now (§6), or null. */
function refuseTake(draft: Draft, seat: Seat, card: CardId, meldId: number): Rejection | null {
  const { state } = draft;
  const meld = meldOf(state, meldId);
  if (!meld) return reject("no-such-meld", `there is no meld ${meldId} on the table`);
  if (!meld.cards.includes(card))
    return reject("card-not-here", `${cardName(card)} is not in meld ${meldId}`);
  // During the freeze every table card is at the caller's disposal (§9).
  if (state.freeze?.seat === seat) return null;
  const holder = state.players.findIndex((p, s) => s !== seat && p.hold?.card === card);
  if (holder >= 0)
    return reject(
      "held-by-other",
      `${cardName(card)} is held by another player: first come, first served (§6)`,
    );
  const reservation = reservationOf(state, card);
  if (reservation && reservation.seat !== seat)
    return reject(
      "reserved",
      `${cardName(card)} is reserved for the player whose play started first, after ping-pong (§6)`,
    );
  // A card reserved for you blocks nobody (§6).
  if (state.players[seat]!.letGo === card && !reservation)
    return reject(
      "let-go",
      `you let go of ${cardName(card)} without moving it: place or move another card before taking it again (§6)`,
    );
  return null;
}

/** The right to touch table cards lasts while something is declared (§5.3), or the caller's freeze (§9). */
function dropHoldIfUndeclared(draft: Draft, seat: Seat): void {
  const player = draft.state.players[seat]!;
  if (player.staging.length > 0 || draft.state.freeze?.seat === seat) return;
  letGoOfHold(draft, seat, "declaration withdrawn");
}

/** A meld's cards without those on trial for other open plays: what a moved card must fit. */
function settledCards(draft: Draft, meldId: number): CardId[] {
  const { state } = draft;
  const meld = meldOf(state, meldId)!;
  return meld.cards.filter((card) => {
    const last = state.log.findLast((s) => s.card === card && s.to === meldId);
    return !last || !state.plays.some((p) => p.id === last.play && p.open);
  });
}

/**
 * §6 ping-pong: while two or more plays are open, a card moved back and forth
 * by different players is watched; at its third return to a position it had
 * already occupied it is reserved for the player whose play started first.
 */
function trackPingPong(draft: Draft, step: Step): void {
  const { state } = draft;
  if (typeof step.from !== "number") return;
  let contest = state.contests.find((c) => c.card === step.card);
  if (!contest) {
    if (state.plays.filter((p) => p.open).length < 2) return;
    contest = { card: step.card, positions: [step.from], returns: 0, plays: [] };
    state.contests.push(contest);
  }
  if (contest.positions.includes(step.to)) contest.returns++;
  else contest.positions.push(step.to);
  if (!contest.plays.includes(step.play)) contest.plays.push(step.play);
  const contenders = state.plays
    .filter((p) => p.open && contest.plays.includes(p.id))
    .sort((a, b) => a.start - b.start || a.id - b.id);
  const seats = new Set(contenders.map((p) => p.seat));
  if (contest.returns < PING_PONG_RETURNS || seats.size < 2) return;
  if (reservationOf(state, step.card)) return;
  const first = contenders[0]!;
  const others = contest.plays.filter((id) => id !== first.id);
  state.reserved.push({ card: step.card, seat: first.seat, play: first.id, others, step: step.id });
  emit(draft, { type: "reserved", card: step.card, seat: first.seat });
  state.players.forEach((player, seat) => {
    if (seat !== first.seat && player.hold?.card === step.card) {
      emit(draft, { type: "released", seat, card: step.card, reason: "reserved" });
      player.hold = null;
    }
  });
}
