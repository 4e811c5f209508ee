// The plays a classic player sees at a glance from its hand and the table: new combinations
// among cards, a Thirty-Six opening, a card added or a combination made with spare table cards.
// The bots and the random player (the test kit's) both look for plays this way.

import { type CardId, rankOf, suitOf } from "../cards";
import { isJoker } from "./cards";
import { checkCombination } from "./combinations";
import { type ClassicOptions, OPENING_POINTS } from "./options";

/** New combinations among the cards: every set of a rank, every run of consecutive ranks, with a joker when one is there. */
export function combinationsAmong(cards: CardId[], options: ClassicOptions): CardId[][] {
  const found: CardId[][] = [];
  const joker = cards.find(isJoker);
  const real = cards.filter((c) => !isJoker(c));
  const valid = (list: CardId[]) => checkCombination(list, options.ace).ok;
  for (let rank = 1; rank <= 13; rank++) {
    const suits = new Map<string, CardId>();
    for (const c of real) if (rankOf(c) === rank && !suits.has(suitOf(c))) suits.set(suitOf(c), c);
    const set = [...suits.values()];
    if (set.length >= 3) found.push(set);
    else if (set.length === 2 && joker !== undefined) found.push([...set, joker]);
  }
  for (const suit of ["S", "H", "D", "C"]) {
    const byRank = new Map<number, CardId>();
    for (const c of real) if (suitOf(c) === suit) byRank.set(rankOf(c), c);
    // Ranks 1..14, the Ace also high: the longest run from each start.
    for (let start = 1; start <= 12; start++) {
      const run: CardId[] = [];
      for (let r = start; r <= 14 && byRank.has(((r - 1) % 13) + 1); r++)
        run.push(byRank.get(((r - 1) % 13) + 1)!);
      if (run.length >= 3 && valid(run)) found.push(run);
      else if (run.length === 2 && joker !== undefined && valid([...run, joker]))
        found.push([...run, joker]);
    }
  }
  return found;
}

/** Thirty-Six: disjoint new combinations of the hand, in the order found, when worth the opening; else null. */
export function openingFrom(hand: readonly CardId[], options: ClassicOptions): CardId[][] | null {
  const laid: CardId[][] = [];
  let points = 0;
  for (const combination of combinationsAmong([...hand], options)) {
    if (combination.some((c) => laid.some((l) => l.includes(c)))) continue;
    const check = checkCombination(combination, options.ace);
    if (!check.ok) continue;
    laid.push(combination);
    points += check.points;
  }
  return points >= OPENING_POINTS ? laid : null;
}

/** A play a player sees at a glance: `used` added to combination `at`, or a new table with a new combination. */
export interface Play {
  at?: number;
  table?: CardId[][];
  used: CardId[];
}

/**
 * Every such play on the table with the hand (and face-up) cards: a card added to a
 * combination, or a new combination of own cards, also with spare table cards (a
 * set's fourth card, a long run's end: the rules' tips) as long as every
 * combination they leave stays valid.
 */
export function playsOn(
  current: readonly CardId[][],
  left: readonly CardId[],
  faceUp: readonly CardId[],
  options: ClassicOptions,
): Play[] {
  const plays: Play[] = [];
  for (const card of [...left, ...faceUp])
    current.forEach((c, at) => {
      // Only a card of the rank or the suit (or a joker) can join: skip the check for the rest.
      const near =
        isJoker(card) || c.some((x) => rankOf(x) === rankOf(card) || suitOf(x) === suitOf(card));
      if (near && checkCombination([...c, card], options.ace).ok) plays.push({ at, used: [card] });
    });
  const spares = current.flatMap((c) =>
    c.length > 3 ? c.filter((x) => checkCombination(without(c, x), options.ace).ok) : [],
  );
  for (const combination of combinationsAmong([...left, ...faceUp, ...spares], options)) {
    if (!combination.some((c) => left.includes(c))) continue;
    const table = current.map((c) => c.filter((x) => !combination.includes(x)));
    if (
      table.every((c, i) => c.length === current[i]!.length || checkCombination(c, options.ace).ok)
    )
      plays.push({ table: [...table, combination], used: combination });
  }
  return plays;
}

/** The table once the play is made. */
export function afterPlay(current: readonly CardId[][], play: Play): CardId[][] {
  return play.table ?? current.map((d, j) => (j === play.at ? [...d, ...play.used] : d));
}

function without(cards: CardId[], card: CardId): CardId[] {
  return cards.filter((c) => c !== card);
}
