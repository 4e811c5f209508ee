// A random classic player from its seat's view only (for `npm run simulate` and
// property tests): it plays one of the plays it finds — a hand card added to a
// combination, or new combinations from the hand — at random, now and then tries
// a careless move that fails, and otherwise draws (or passes).

import type { CardId } from "../cards";
import { rankOf, suitOf } from "../cards";
import { mulberry32, type Random } from "../rng";
import { isJoker } from "./cards";
import { checkCombination } from "./combinations";
import type { ClassicCommand } from "./commands";
import { applyClassic } from "./engine";
import { type ClassicOptions, has, OPENING_POINTS } from "./options";
import { newClassicGame } from "./setup";
import type { RoundOutcome } from "./state";
import { type ClassicView, classicViewFor } from "./views";

/** How often a random player tries a careless move, to exercise failed moves. */
const CARELESS = 0.03;

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

/** A random legal-looking command for the seat whose view this is, or null when it has nothing to do. */
export function randomClassicCommand(view: ClassicView, random: Random): ClassicCommand | null {
  if (!view.you) return null;
  if (view.phase === "between") return view.pause?.ready[view.you.seat] ? null : { do: "ready" };
  if (view.turn !== view.you.seat) return null;
  const options = view.options;
  const hand = view.you.hand;
  const table = view.table.map((c) => c.cards);
  const opening = has(options, "thirty-six") && !view.seats[view.you.seat]!.opened;
  const noPlay: ClassicCommand =
    view.drewFirst || view.stockCount === 0 ? { do: "pass" } : { do: "draw" };
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  if (random() < CARELESS && hand.length > 0) {
    const card = pick(hand);
    const target = table.length > 0 && random() < 0.7 ? Math.floor(random() * table.length) : -1;
    return {
      do: "turn",
      table:
        target < 0 ? [...table, [card]] : table.map((c, i) => (i === target ? [...c, card] : c)),
    };
  }
  if (opening) {
    const laid = openingFrom(hand, options);
    return laid ? { do: "turn", table: [...table, ...laid] } : noPlay;
  }
  // Plays found one after another, each picked at random, until none is left.
  let left = [...hand];
  let faceUp = [...view.faceUp];
  let current = table;
  for (;;) {
    const plays = playsOn(current, left, faceUp, options);
    if (plays.length === 0) break;
    const chosen = pick(plays);
    current = afterPlay(current, chosen);
    left = left.filter((c) => !chosen.used.includes(c));
    faceUp = faceUp.filter((c) => !chosen.used.includes(c));
  }
  return left.length < hand.length ? { do: "turn", table: current } : noPlay;
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

export interface RandomRound {
  outcome: RoundOutcome | null;
  turns: number;
  failed: number;
}

/** One whole round with random players, each from its own view, one second a turn. */
export function playRandomClassicRound(input: {
  seed: number;
  players: number;
  options?: Partial<ClassicOptions>;
  maxTurns?: number;
}): RandomRound {
  const created = newClassicGame({
    players: input.players,
    seed: input.seed,
    now: 0,
    options: { ...input.options, target: null },
  });
  if (!created.ok) throw new Error(created.error);
  let state = created.state;
  const random = mulberry32(input.seed ^ 0x5eed);
  let turns = 0;
  let failed = 0;
  while (state.phase === "turn" && turns < (input.maxTurns ?? 5000)) {
    const command = randomClassicCommand(classicViewFor(state, state.turn), random)!;
    const result = applyClassic(state, state.turn, command, state.now + 1000);
    if (!result.ok) throw new Error(`${JSON.stringify(command)}: ${result.rejection.reason}`);
    state = result.state;
    turns++;
    failed += result.events.filter((e) => e.type === "failed").length;
  }
  return { outcome: state.rounds[0] ?? null, turns, failed };
}
