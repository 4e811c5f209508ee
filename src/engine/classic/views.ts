// What one seat (or a spectator) may see of a classic game: the whole table,
// live during the mover's turn with each combination's verdict and its reason,
// the face-up cards, hand counts, the stock's size. Never another seat's hand,
// never the stock's order.

import type { CardId } from "../cards";
import type { Millis, Seat } from "../state";
import { checkCombination } from "./combinations";
import { nextClassicDeadline } from "./engine";
import { has, OPENING_POINTS, type ClassicOptions } from "./options";
import type { ClassicState, CombinationId, GameOutcome, RoundOutcome } from "./state";

export interface ClassicCombinationView {
  id: CombinationId;
  /** In reading order when valid (the joker in its place), else as the mover left them. */
  cards: CardId[];
  valid: boolean;
  kind: "set" | "run" | null;
  /** Why it is not valid right now: "two 7♥ in one set", "K-A-2 is not a run: it turns the corner". */
  reason: string | null;
  /** Changed by the mover's live turn: the part of the table being worked on. */
  touched: boolean;
}

export interface ClassicView {
  now: Millis;
  options: ClassicOptions;
  round: number;
  dealer: Seat;
  phase: ClassicState["phase"];
  /** Whose turn it is; null between rounds and once the game is over. */
  turn: Seat | null;
  turnDeadline: Millis | null;
  stockCount: number;
  table: ClassicCombinationView[];
  faceUp: CardId[];
  /** `absent`: out of the round for absence (ranked games), its turns skipped. */
  seats: { seat: Seat; handCount: number; opened: boolean; total: number; absent: boolean }[];
  /** The mover's live turn: what has left the hand and how the table stands. */
  work: {
    seat: Seat;
    steps: number;
    fromHand: CardId[];
    fromFaceUp: CardId[];
    /** Every combination valid: ending the turn now would stand (Thirty-Six aside). */
    valid: boolean;
    /** Thirty-Six before the opening: the points of the new combinations so far. */
    opening: { points: number; needed: number } | null;
  } | null;
  /** Draw first: this turn's compulsory card is drawn. */
  drewFirst: boolean;
  lastRound: RoundOutcome | null;
  pause: { deadline: Millis; ready: boolean[] } | null;
  result: GameOutcome | null;
  you: { seat: Seat; hand: CardId[] } | null;
}

export function classicSpectatorView(state: ClassicState): ClassicView {
  const work = state.work;
  const startOf = (id: CombinationId) => work?.start.table.find((c) => c.id === id);
  const table = state.table.map((c): ClassicCombinationView => {
    const check = checkCombination(c.cards, state.options.ace);
    const before = startOf(c.id);
    return {
      id: c.id,
      cards: check.ok ? check.ordered : [...c.cards],
      valid: check.ok,
      kind: check.ok ? check.kind : null,
      reason: check.ok ? null : check.reason,
      touched:
        work !== null &&
        (!before ||
          before.cards.length !== c.cards.length ||
          !before.cards.every((card) => c.cards.includes(card))),
    };
  });
  let workView: ClassicView["work"] = null;
  if (work && work.steps.length > 0) {
    const onTable = new Set(state.table.flatMap((c) => c.cards));
    const opening =
      has(state.options, "thirty-six") && !state.opened[state.turn]
        ? {
            points: table
              .filter((c) => c.valid && !startOf(c.id))
              .reduce((sum, c) => {
                const check = checkCombination(c.cards, state.options.ace);
                return sum + (check.ok ? check.points : 0);
              }, 0),
            needed: OPENING_POINTS,
          }
        : null;
    workView = {
      seat: state.turn,
      steps: work.steps.length,
      fromHand: work.start.hand.filter((c) => onTable.has(c)),
      fromFaceUp: work.start.faceUp.filter((c) => onTable.has(c)),
      valid: table.every((c) => c.valid),
      opening,
    };
  }
  return {
    now: state.now,
    options: { ...state.options, variants: [...state.options.variants] },
    round: state.round,
    dealer: state.dealer,
    phase: state.phase,
    turn: state.phase === "turn" ? state.turn : null,
    turnDeadline: state.phase === "turn" ? nextClassicDeadline(state) : null,
    stockCount: state.stock.length,
    table,
    faceUp: [...state.faceUp],
    seats: state.hands.map((hand, seat) => ({
      seat,
      handCount: hand.length,
      opened: state.opened[seat]!,
      total: state.totals[seat]!,
      absent: state.absent.includes(seat),
    })),
    work: workView,
    drewFirst: state.drewFirst,
    lastRound: copyRound(state.rounds.at(-1)),
    pause: state.pause && { deadline: state.pause.deadline, ready: [...state.pause.ready] },
    result: state.result && { ...state.result, draw: state.result.draw && [...state.result.draw] },
    you: null,
  };
}

function copyRound(outcome: RoundOutcome | undefined): RoundOutcome | null {
  return outcome
    ? {
        ...outcome,
        scores: [...outcome.scores],
        draw: outcome.draw && [...outcome.draw],
        absent: [...outcome.absent],
      }
    : null;
}

/** Whether a match's view is a classic game's (the live server streams either game's views). */
export function classicViewFor(state: ClassicState, seat: Seat): ClassicView {
  const view = classicSpectatorView(state);
  const hand = state.hands[seat];
  view.you = hand ? { seat, hand: [...hand] } : null;
  return view;
}
