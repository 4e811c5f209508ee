// Table cards and conflicts (§6): taking a table card (holding it), moving it,
// letting go of it; first come, first served, and ping-pong's reservation.

import { type CardId, cardName } from "./cards";
import { type CommandHandlers, type Rejection, reject } from "./commands";
import { type Draft, emit } from "./draft";
import { couldBecomeMeld } from "./melds";
import { ensurePlay, letGoOfHold } from "./play";
import {
  HOLD_LIMIT_MS,
  meldOf,
  PING_PONG_RETURNS,
  reservationOf,
  type Seat,
  type Step,
} from "./state";
import { recordStep, splitIfLong } from "./table";

/** Table cards are touched by a declared player (§5.3, §6), or the «Stop!» caller (§9). */
function refuseUndeclared(draft: Draft, seat: Seat): Rejection | null {
  const { state } = draft;
  // The freeze gives the caller the whole table, declared or not (§9).
  if (state.players[seat]!.staging.length > 0 || state.freeze?.seat === seat) return null;
  return reject(
    "not-declared",
    "declare first: with an empty staging area you cannot lay hands on table cards (§5.3, §6)",
  );
}

export const conflictCommands: CommandHandlers<"take" | "move" | "release"> = {
  take(draft, seat, { card, meld }) {
    const refusal = refuseUndeclared(draft, seat) ?? refuseTake(draft, seat, card, meld);
    if (refusal) return refusal;
    const { state } = draft;
    const player = state.players[seat]!;
    if (player.hold)
      return reject("holding-another", `you already hold ${cardName(player.hold.card)} (§6)`);
    player.hold = { card, until: state.now + HOLD_LIMIT_MS };
    // Someone else has had the card since: a former holder's wait is over.
    for (const other of state.players) if (other.letGo === card) other.letGo = null;
    emit(draft, { type: "took", seat, card, meld });
    return null;
  },

  move(draft, seat, { card, from, to: where }) {
    const refusal = refuseUndeclared(draft, seat) ?? refuseTake(draft, seat, card, from);
    if (refusal) return refusal;
    const { state } = draft;
    const player = state.players[seat]!;
    if (player.hold && player.hold.card !== card)
      return reject("holding-another", `you already hold ${cardName(player.hold.card)} (§6)`);
    const target = where === "new" ? null : meldOf(state, where);
    if (where !== "new" && !target)
      return reject("no-such-meld", `there is no meld ${where} on the table`);
    if (target?.id === from)
      return reject("cannot-go-there", `${cardName(card)} is already in meld ${from}`);
    if (target && !couldBecomeMeld(draft.rules, [...settledCards(draft, target.id), card]))
      return reject(
        "cannot-go-there",
        `${cardName(card)} cannot go into meld ${target.id}: it drops back (§6)`,
      );
    const play = ensurePlay(draft, seat);
    const to = target?.id ?? state.nextMeldId++;
    const earlier = target ? [...target.cards] : [];
    const left = [...meldOf(state, from)!.cards];
    if (player.hold) player.hold = null;
    const step = recordStep(draft, { card, from, to, seat, play: play.id });
    emit(draft, { type: "moved", seat, play: play.id, card, from, to });
    trackPingPong(draft, step);
    splitIfLong(draft, to, earlier, step);
    // Taking away the card that spoilt it can leave a valid run too long behind (§3.1).
    splitIfLong(draft, from, left, step);
    return null;
  },

  release(draft, seat) {
    if (!draft.state.players[seat]!.hold) return reject("nothing-held", "you hold no table card");
    letGoOfHold(draft, seat, "released");
    return null;
  },
};

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
