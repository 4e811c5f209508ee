// How a hand ends: going out (§8), the survivor rule (§9, §11.2), the tie-break's
// first placement (§10.2), and the points of the hand (§12).

import { emit, type Draft } from "./draft";
import {
  type HandEndReason,
  type HandState,
  hasLaidMeld,
  type Play,
  type Seat,
  seatsPlaying,
} from "./state";

/** §12: elimination and leaving. */
export const PENALTY = -15;
/** §12: the winner's base. */
export const WIN_POINTS = 50;
/** §12: going out with every card of the stock drawn. */
export const FULL_STOCK_BONUS = 10;

/**
 * A seat empties hand and staging area: a going out once it has ever drawn.
 * §1 "nobody can go out without ever having drawn": in real play every card
 * in a hand was drawn, so only a scenario's ready-made hand meets this.
 */
export function isGoingOut(state: HandState, seat: Seat): boolean {
  const player = state.players[seat]!;
  return player.achieved.drawn && player.hand.length === 0 && player.staging.length === 0;
}

/**
 * After a play ends: in a tie-break, a placed pile card wins (§10.2); otherwise
 * a confirmed play that leaves hand and staging area empty is a going out (§8).
 * The «Stop!» caller's going out is judged on the whole table by the freeze.
 */
export function afterPlayEnd(draft: Draft, play: Play, keptOwn: boolean): void {
  const { state } = draft;
  const player = state.players[play.seat]!;
  if (state.outcome || player.status !== "playing" || play.freeze) return;
  if (state.tiebreak) {
    if (keptOwn) endHand(draft, "tiebreak", play.seat);
    return;
  }
  if (isGoingOut(state, play.seat)) goOut(draft, play.seat);
}

/**
 * Hand and staging area are empty after a confirmed play: a win, or
 * elimination if invalid (§8). Having drawn is implied by isGoingOut; the
 * other condition is a direct meld of 3+ own cards laid, kept for good.
 */
export function goOut(draft: Draft, seat: Seat): void {
  const { state } = draft;
  const valid = hasLaidMeld(state, seat);
  emit(draft, { type: "wentOut", seat, valid });
  if (valid) {
    state.players[seat]!.status = "out";
    endHand(draft, "out", seat);
  } else {
    eliminate(draft, seat, "invalid going out");
    checkSurvivors(draft);
  }
}

export function eliminate(
  draft: Draft,
  seat: Seat,
  reason: "invalid going out" | "failed freeze" | "gave up",
): void {
  draft.state.players[seat]!.status = "eliminated";
  emit(draft, { type: "eliminated", seat, reason });
}

/**
 * The survivor rule: with two seats eliminated or left the third wins; with
 * nobody left the hand is abandoned (§9, §11.2). In a tie-break, the last tied
 * player still in it wins (§11.2).
 */
export function checkSurvivors(draft: Draft): void {
  const { state } = draft;
  if (state.outcome) return;
  const playing = seatsPlaying(state);
  if (playing.length === 0) return endHand(draft, "abandoned", null);
  if (playing.length === 1) return endHand(draft, "survivor", playing[0]!);
  const tied = state.tiebreak?.seats.filter((s) => playing.includes(s));
  if (tied?.length === 1) endHand(draft, "tiebreak", tied[0]!);
}

/**
 * The hand ends in the state it is in (§9: no chain undo touches it any
 * more): open plays stop where they are, their staging areas count as hand.
 */
export function endHand(
  draft: Draft,
  reason: HandEndReason,
  winner: Seat | null,
  draw: Seat[] | null = null,
): void {
  const { state } = draft;
  for (const play of state.plays) play.open = false;
  for (const player of state.players) {
    player.play = null;
    player.hold = null;
  }
  state.freeze = null;
  const scores = scoresOf(state, reason, winner, draw);
  state.outcome = { reason, winner, draw, at: state.now, scores };
  emit(draft, { type: "handOver", reason, winner, draw, scores });
}

/** Cards a seat holds for the count: hand and staging area, or what it brought to the tie-break. */
export function cardsHeld(state: HandState, seat: Seat): number {
  const tiebreak = state.tiebreak;
  const index = tiebreak ? tiebreak.seats.indexOf(seat) : -1;
  if (tiebreak && index >= 0) return tiebreak.counts[index]!;
  const player = state.players[seat]!;
  return player.hand.length + player.staging.length;
}

/**
 * §12 and docs/rules-decisions.md: the winner gets 50 − own stock + every
 * other seat's cards (+10 for going out with the stock used up); eliminated
 * and left seats −15; a draw gives each tied seat 50 − the shared pile, never
 * below −15; everyone else 0.
 */
function scoresOf(
  state: HandState,
  reason: HandEndReason,
  winner: Seat | null,
  draw: Seat[] | null,
): number[] {
  return state.players.map((player, seat) => {
    if (seat === winner) {
      const others = state.players.reduce(
        (sum, _, other) => (other === seat ? sum : sum + cardsHeld(state, other)),
        0,
      );
      const bonus = reason === "out" && player.stock.length === 0 ? FULL_STOCK_BONUS : 0;
      return WIN_POINTS - player.stock.length + others + bonus;
    }
    if (player.status === "eliminated" || player.status === "left") return PENALTY;
    if (draw?.includes(seat))
      return Math.max(WIN_POINTS - (state.tiebreak?.pile.length ?? 0), PENALTY);
    return 0;
  });
}
