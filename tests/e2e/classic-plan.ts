// The scripted turns of the classic end-to-end tests, found in the deals the e2e server makes
// from its DEAL_SEED (as tests/e2e/table-plan.ts does for Machiavelox): which cards each seat
// lays, moves and swaps, so the tests play real cards and no magic numbers.

import { type CardId } from "@/engine/cards";
import {
  checkCombination,
  type ClassicState,
  isJoker,
  labels,
  newClassicGame,
  OPENING_POINTS,
  type Variant,
} from "@/engine/classic";

/** Three players, standard rules: a play, a rearrangement, a failed move. */
export interface FriendsPlan {
  /** Seat 0 lays this run of four. */
  lay: CardId[];
  /** Seat 1 moves this end card of the run to a new space and joins its two cards to it. */
  moved: CardId;
  joined: [CardId, CardId];
  /** Seat 2 moves this card of the run (now three) to a new space and puts `stray` beside it. */
  broken: CardId;
  stray: CardId;
}

/** Two players, Tahiti: the turns before are draws; each seat plays on its own turns (0, 1, 0…). */
export interface TahitiPlan {
  /** The turn (0 first) on which its mover lays `lay`: a joker and two cards (hand or face up). */
  layTurn: number;
  lay: CardId[];
  /** A later turn of the other seat: `real` goes in for the joker, which joins `home`. */
  swapTurn: number;
  real: CardId;
  home: [CardId, CardId];
}

/** Seat 0's first turns at Thirty-Six: `short` alone is refused, `opening` makes 36 or more. */
export interface ThirtySixPlan {
  short: CardId[];
  shortPoints: number;
  opening: CardId[][];
  openingPoints: number;
}

const valid = (cards: CardId[]) => checkCombination(cards, "low-or-high").ok;
const points = (cards: CardId[]) => {
  const check = checkCombination(cards, "low-or-high");
  return check.ok ? check.points : 0;
};

function subsets<T>(items: T[], size: number, from = 0): T[][] {
  if (size === 0) return [[]];
  const found: T[][] = [];
  for (let i = from; i <= items.length - size; i++)
    for (const rest of subsets(items, size - 1, i + 1)) found.push([items[i]!, ...rest]);
  return found;
}

function deal(seed: number, players: number, variants: Variant[]): ClassicState {
  const game = newClassicGame({ players, seed, options: { variants }, now: 0 });
  if (!game.ok) throw new Error(game.error);
  return game.state;
}

export function friendsPlan(seed: number): FriendsPlan | null {
  const [a, b, c] = deal(seed, 3, []).hands as [CardId[], CardId[], CardId[]];
  for (const lay of subsets(a, 4).filter(valid))
    for (const moved of lay) {
      const rest = lay.filter((x) => x !== moved);
      if (!valid(rest)) continue;
      const joined = subsets(b, 2).find((two) => valid([moved, ...two]));
      if (joined && c[0] !== undefined)
        return { lay, moved, joined: joined as [CardId, CardId], broken: rest[0]!, stray: c[0] };
    }
  return null;
}

/** The joker laid by one seat that the other can swap soonest, within a few rounds of draws. */
export function tahitiPlan(seed: number): TahitiPlan | null {
  const start = deal(seed, 2, ["tahiti"]);
  let best: TahitiPlan | null = null;
  for (let layTurn = 0; layTurn < 8; layTurn++) {
    const hands = start.hands.map((hand) => [...hand]);
    const stock = [...start.stock];
    for (let turn = 0; turn < layTurn; turn++) hands[turn % 2]!.push(stock.shift()!);
    const layer = layTurn % 2;
    const withJoker = subsets([...hands[layer]!, ...start.faceUp], 3).filter(
      (three) => three.some(isJoker) && valid(three),
    );
    for (const lay of withJoker) {
      const joker = lay.find(isJoker)!;
      const faceUp = start.faceUp.filter((card) => !lay.includes(card));
      const swapper = hands[1 - layer]!.slice();
      // The swapper draws on each of its turns until it can swap.
      for (let swapTurn = layTurn + 1; swapTurn < layTurn + 8; swapTurn += 2) {
        for (const real of swapper.filter((card) => !isJoker(card))) {
          if (!valid([...lay.filter((card) => card !== joker), real])) continue;
          const others = [...swapper.filter((card) => card !== real), ...faceUp];
          const home = subsets(others, 2).find((two) => valid([joker, ...two]));
          if (home && (!best || swapTurn < best.swapTurn))
            best = { layTurn, lay, swapTurn, real, home: home as [CardId, CardId] };
        }
        // Its draw, and the layer's on the turn between.
        swapper.push(stock[swapTurn - layTurn - 1]!);
      }
    }
  }
  return best;
}

export function thirtySixPlan(seed: number): ThirtySixPlan | null {
  const hand = deal(seed, 2, ["thirty-six"]).hands[0]!;
  const combinations = [3, 4].flatMap((n) => subsets(hand, n)).filter(valid);
  for (const short of combinations)
    for (const other of combinations) {
      if (other.some((card) => short.includes(card))) continue;
      const openingPoints = points(short) + points(other);
      if (openingPoints >= OPENING_POINTS && points(short) < OPENING_POINTS)
        return { short, shortPoints: points(short), opening: [short, other], openingPoints };
    }
  return null;
}

export function describeClassicPlan(plan: object): string {
  return JSON.stringify(plan, (key, value: unknown) =>
    typeof value === "number" && !/Turn|Points/.test(key) ? labels([value]) : value,
  );
}
