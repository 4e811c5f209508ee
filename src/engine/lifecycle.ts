// The hand's life beyond single plays: «Stop!» and its freeze (§9), the
// inactivity clock and its forced draws (§7), the final silence and the
// tie-break (§10), presence and leaving (§11). Here too who may act at all,
// and the commands of the hand's life: presence, Leave, ready, «Stop!», give up.

import { type CommandHandlers, type Rejection, reject } from "./commands";
import { emit, type Draft } from "./draft";
import { checkSurvivors, eliminate, endHand, goOut, isGoingOut } from "./outcome";
import { endPlay } from "./play";
import {
  ABSENCE_MS,
  FREEZE_MS,
  type HandState,
  isFrozen,
  type Millis,
  openPlayOf,
  PLAY_LIMIT_MS,
  type Seat,
  seatsPlaying,
  TIEBREAK_MS,
} from "./state";
import { inOrder } from "./table";

/**
 * §9 «Stop!»: once per hand, not in a tie-break. The caller's own open play is
 * judged first (see docs/rules-decisions.md), then everyone else freezes: their
 * plays are suspended, their held cards freed, their clocks stopped.
 */
export function callStop(draft: Draft, seat: Seat): Rejection | null {
  const { state } = draft;
  const player = state.players[seat]!;
  if (state.tiebreak) return reject("no-stop", "there is no «Stop!» during a tie-break (§10.2)");
  if (player.calledStop)
    return reject("stop-used", "you have already called «Stop!» in this hand (§9)");
  player.calledStop = true;
  const own = openPlayOf(state, seat);
  if (own) endPlay(draft, own, "stop");
  if (state.outcome || player.status !== "playing") return null;
  state.freeze = { seat, start: state.now, deadline: state.now + FREEZE_MS };
  state.players.forEach((other, s) => {
    if (s === seat || !other.hold) return;
    emit(draft, { type: "released", seat: s, card: other.hold.card, reason: "freeze" });
    other.hold = null;
  });
  emit(draft, { type: "stopCalled", seat, deadline: state.freeze.deadline });
  return null;
}

/**
 * During the freeze the caller goes out once hand and staging area are empty
 * and the whole table is in order: opponents' suspended wounds are theirs to
 * mend, their staging areas are not wounds (§9).
 */
export function checkFreezeGoingOut(draft: Draft): void {
  const { state } = draft;
  const freeze = state.freeze;
  if (!freeze || state.outcome) return;
  if (!isGoingOut(state, freeze.seat) || state.players[freeze.seat]!.hold) return;
  if (!state.table.every((meld) => inOrder(draft, meld.cards))) return;
  const play = openPlayOf(state, freeze.seat);
  if (play) endPlay(draft, play, "ended");
  goOut(draft, freeze.seat);
  if (state.freeze) finishFreeze(draft, "invalid going out");
}

/**
 * The freeze ends without a valid going out (§9, §11.4): the caller is out of
 * the hand (eliminated, or left); their freeze work stays if every meld they
 * touched is valid, else it is all undone back to the instant of «Stop!». The
 * others' clocks restart where they stopped, their suspended plays with a full
 * 40 s, their absence count from zero.
 */
export function finishFreeze(
  draft: Draft,
  how: "time" | "gave up" | "left" | "invalid going out",
): void {
  const { state } = draft;
  const freeze = state.freeze!;
  if (how === "time" || how === "gave up")
    eliminate(draft, freeze.seat, how === "time" ? "failed freeze" : "gave up");
  const frozenFor = state.now - freeze.start;
  const work = openPlayOf(state, freeze.seat);
  state.freeze = null;
  // A draw by the caller during the freeze restarted the countdown: from zero, as the clocks resume.
  state.progressAt = state.progressAt < freeze.start ? state.progressAt + frozenFor : state.now;
  state.log = state.log.map((step) =>
    step.play === work?.id ? step : { ...step, at: step.at + frozenFor },
  );
  const resumed: number[] = [];
  for (const play of state.plays) {
    if (!play.open || play.id === work?.id) continue;
    play.deadline = state.now + PLAY_LIMIT_MS;
    resumed.push(play.id);
  }
  state.players.forEach((player, seat) => {
    if (seat !== freeze.seat && !player.present) player.awaySince = state.now;
  });
  if (work) endPlay(draft, work, "freeze over");
  emit(draft, { type: "freezeEnded", seat: freeze.seat, resumed });
  checkSurvivors(draft);
}

/** §11.2, §11.3: out of the hand with −15; an open play ends by the normal criterion. */
export function leave(draft: Draft, seats: readonly Seat[], reason: "left" | "absent"): void {
  const { state } = draft;
  for (const seat of seats) {
    state.players[seat]!.status = "left";
    emit(draft, { type: "left", seat, reason });
  }
  for (const seat of seats) {
    if (state.outcome) break;
    if (state.freeze?.seat === seat) finishFreeze(draft, "left");
    const play = openPlayOf(state, seat);
    if (play) endPlay(draft, play, "left");
  }
  // Leavings at the same instant are judged together: nobody survives by being counted last.
  if (seats.some((seat) => leavesWithSurvivorWin(state, seat))) {
    state.outcome = null;
    endHand(draft, "abandoned", null);
  }
  checkSurvivors(draft);
}

/** A seat's own leaving after the survivor win it got at this very instant (§11.2). */
export function leavesWithSurvivorWin(state: HandState, seat: Seat): boolean {
  const outcome = state.outcome;
  return outcome?.reason === "survivor" && outcome.winner === seat && outcome.at === state.now;
}

export function setPresence(draft: Draft, seat: Seat, present: boolean): Rejection | null {
  const { state } = draft;
  const player = state.players[seat]!;
  if (player.present === present)
    return reject("presence", present ? "you are already here" : "you are already away");
  player.present = present;
  player.awaySince = present ? null : state.now;
  emit(draft, { type: "presence", seat, present });
  return null;
}

/**
 * When an absent seat's 90 s run out (§11.2), or null: they do not run for the
 * frozen (§9), for a tie-break's non-participant, or once out of the hand.
 */
export function absenceDeadline(state: HandState, seat: Seat): Millis | null {
  const player = state.players[seat]!;
  if (player.present || player.awaySince === null || player.status !== "playing") return null;
  if (isFrozen(state, seat)) return null;
  if (state.tiebreak && !state.tiebreak.seats.includes(seat)) return null;
  return player.awaySince + ABSENCE_MS;
}

/**
 * §7: two minutes without progress. Every seat still playing with cards in
 * its stock draws one by force (owed until a staging play ends); with every
 * stock empty, the final silence ends the hand (§10.1).
 */
export function inactivity(draft: Draft): void {
  const { state } = draft;
  const drawers = seatsPlaying(state).filter((seat) => {
    const player = state.players[seat]!;
    return player.stock.length > player.owedDraws;
  });
  if (drawers.length === 0) return silence(draft);
  for (const seat of drawers) {
    const player = state.players[seat]!;
    player.achieved.drawn = true;
    if (player.staging.length > 0) {
      player.owedDraws++;
      emit(draft, { type: "drawOwed", seat });
    } else {
      const card = player.stock.shift()!;
      player.hand.push(card);
      emit(draft, { type: "drew", seat, card, forced: true });
    }
  }
  state.progressAt = state.now;
}

/**
 * §10.1: open plays are judged as if their time ran out, then the seat with
 * the fewest cards (staging area included) wins; a tie starts the tie-break,
 * the tied seats' cards forming one shared face-up pile (§10.2).
 */
function silence(draft: Draft): void {
  const { state } = draft;
  for (const play of [...state.plays].sort((a, b) => a.start - b.start || a.id - b.id)) {
    if (state.outcome) return;
    if (play.open) endPlay(draft, play, "silence");
  }
  if (state.outcome) return;
  const playing = seatsPlaying(state);
  const count = (seat: Seat) =>
    state.players[seat]!.hand.length + state.players[seat]!.staging.length;
  emit(draft, {
    type: "silence",
    counts: state.players.map((p, seat) => (p.status === "playing" ? count(seat) : null)),
  });
  const fewest = Math.min(...playing.map(count));
  const tied = playing.filter((seat) => count(seat) === fewest);
  if (tied.length === 1) return endHand(draft, "silence", tied[0]!);
  const pile = tied.flatMap((seat) => state.players[seat]!.hand);
  state.tiebreak = {
    seats: tied,
    pile,
    counts: tied.map(count),
    start: state.now,
    deadline: state.now + TIEBREAK_MS,
  };
  for (const seat of tied) state.players[seat]!.hand = [];
  emit(draft, {
    type: "tiebreak",
    seats: tied,
    pile: [...pile],
    deadline: state.tiebreak.deadline,
  });
}

/** §10.2: nobody placed a pile card in 2 minutes; plays still open were not confirmed in time. */
export function tiebreakOver(draft: Draft): void {
  const { state } = draft;
  for (const play of state.plays.filter((p) => p.open)) endPlay(draft, play, "tie-break over");
  const tied = state.tiebreak!.seats.filter((seat) => state.players[seat]!.status === "playing");
  endHand(draft, "draw", null, tied);
}

/** The seat may act in the hand: it is not over and they still play it. Acting is showing up (§11). */
function refuseActing(draft: Draft, seat: Seat): Rejection | null {
  const { state } = draft;
  const player = state.players[seat]!;
  if (state.outcome) return reject("hand-over", "the hand is over");
  if (!player.present) setPresence(draft, seat, true);
  if (player.status === "left")
    return reject("not-playing", "you left this hand: you can watch, not play (§11.2)");
  if (player.status !== "playing")
    return reject("not-playing", `you are no longer playing this hand (${player.status})`);
  return null;
}

/** The seat may play: it may act, and is neither frozen (§9) nor outside a tie-break (§10.2). */
export function refusePlaying(draft: Draft, seat: Seat): Rejection | null {
  const refusal = refuseActing(draft, seat);
  if (refusal) return refusal;
  const { state } = draft;
  if (isFrozen(state, seat))
    return reject("frozen", "«Stop!» has frozen the game: wait for the freeze to end (§9)");
  if (state.tiebreak && !state.tiebreak.seats.includes(seat))
    return reject("not-in-tiebreak", "only the tied players take part in the tie-break (§10.2)");
  return null;
}

/** Commands that check for themselves whether the seat may act. */
export const presenceCommands: CommandHandlers<"disconnect" | "reconnect" | "leave" | "ready"> = {
  disconnect: (draft, seat) => setPresence(draft, seat, false),
  reconnect: (draft, seat) => setPresence(draft, seat, true),
  leave(draft, seat) {
    // The survivor may still leave the hand it has just won (§11.2).
    const refusal = leavesWithSurvivorWin(draft.state, seat) ? null : refuseActing(draft, seat);
    if (refusal) return refusal;
    leave(draft, [seat], "left");
    return null;
  },
  ready: (draft, seat) =>
    refuseActing(draft, seat) ??
    reject("not-between-hands", "ready is for the pause between hands of a long game (§13)"),
};

/** The freeze's commands (§9), for a seat that may play. */
export const freezeCommands: CommandHandlers<"stop" | "giveup"> = {
  stop: callStop,
  giveup(draft, seat) {
    if (draft.state.freeze?.seat !== seat)
      return reject("no-freeze", "you can only give up during your own freeze (§9)");
    finishFreeze(draft, "gave up");
    return null;
  },
};
