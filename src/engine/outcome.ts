// How a hand ends: going out (§8), the survivor rule (§9, §11.2), the tie-break's
// first placement (§10.2), and the points of the hand (§12).

import { emit, type Draft } from "./draft";
import {
  type HandEndReason,
  type HandState,
  hasLaidMeld,
  type Play,
  type PlayerStatus,
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

/** How a seat's points of the hand come about (§12), for the end of the hand to show. */
export type ScoreLine =
  | { kind: "winner"; base: number; stock: number; others: number; bonus: number }
  | { kind: "penalty" }
  | { kind: "draw"; pile: number }
  | { kind: "none" };

/** What the points depend on, as a state and a spectator's view both know it. */
export interface ScoreFacts {
  reason: HandEndReason;
  winner: Seat | null;
  draw: Seat[] | null;
  /** Each seat's status, stock left and cards held (hand and staging, or tie-break count). */
  seats: { status: PlayerStatus; stock: number; held: number }[];
  /** The tie-break's shared pile, if there was one. */
  pile: number;
}

/**
 * §12 and docs/rules-decisions.md: the winner gets 50 − own stock + every
 * other seat's cards (+10 for going out with the stock used up); eliminated
 * and left seats −15; a draw gives each tied seat 50 − the shared pile, never
 * below −15; everyone else 0.
 */
export function scoreLines(facts: ScoreFacts): ScoreLine[] {
  return facts.seats.map((player, seat): ScoreLine => {
    if (seat === facts.winner) {
      const others = facts.seats.reduce(
        (sum, one, other) => (other === seat ? sum : sum + one.held),
        0,
      );
      const bonus = facts.reason === "out" && player.stock === 0 ? FULL_STOCK_BONUS : 0;
      return { kind: "winner", base: WIN_POINTS, stock: player.stock, others, bonus };
    }
    if (player.status === "eliminated" || player.status === "left") return { kind: "penalty" };
    if (facts.draw?.includes(seat)) return { kind: "draw", pile: facts.pile };
    return { kind: "none" };
  });
}

export function pointsOf(line: ScoreLine): number {
  switch (line.kind) {
    case "winner":
      return line.base - line.stock + line.others + line.bonus;
    case "penalty":
      return PENALTY;
    case "draw":
      return Math.max(WIN_POINTS - line.pile, PENALTY);
    case "none":
      return 0;
  }
}

function scoresOf(
  state: HandState,
  reason: HandEndReason,
  winner: Seat | null,
  draw: Seat[] | null,
): number[] {
  const seats = state.players.map((player, seat) => ({
    status: player.status,
    stock: player.stock.length,
    held: cardsHeld(state, seat),
  }));
  const pile = state.tiebreak?.pile.length ?? 0;
  return scoreLines({ reason, winner, draw, seats, pile }).map(pointsOf);
}
