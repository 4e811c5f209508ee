// Seeded positions for the hint solver: a table built from valid melds of a
// shuffled double deck, and a hand from what is left. Shared by the benchmark
// and the property tests.

import { type CardId, CARD_COUNT, cardId, rankOf, SUITS, suitOf } from "../src/engine/cards";
import { CLASSIC_MELDS, isValidMeld, MACHIAVELOX_MELDS, type MeldRules } from "../src/engine/melds";
import { mulberry32 } from "../src/engine/rng";
import type { TableMeld } from "../src/solver";

export interface Position {
  rules: MeldRules;
  table: TableMeld[];
  own: CardId[];
}

export interface PositionSize {
  table: [number, number];
  hand: [number, number];
  /** deal only cards of these ranks (1 = Ace), to make small positions dense */
  ranks?: readonly number[];
}

/** The seed of `npm run bench:solver`'s timed positions. */
export const BENCH_SEED = 20_260_601;

/**
 * Position n of the solver benchmark's set `seed`: tables of 10–100 cards,
 * hands of 3–30, the rule sets taking turns (even n Machiavelox).
 */
export function benchPosition(n: number, seed = BENCH_SEED): Position {
  return randomPosition(n % 2 === 0 ? MACHIAVELOX_MELDS : CLASSIC_MELDS, seed + n, {
    table: [10, 100],
    hand: [3, 30],
  });
}

export function randomPosition(rules: MeldRules, seed: number, size: PositionSize): Position {
  const random = mulberry32(seed);
  const between = ([lo, hi]: [number, number]) => lo + Math.floor(random() * (hi - lo + 1));
  const free = new Set(
    Array.from({ length: CARD_COUNT }, (_, i) => i).filter(
      (c) => !size.ranks || size.ranks.includes(rankOf(c)),
    ),
  );
  const tableGoal = between(size.table);
  const table: TableMeld[] = [];
  let onTable = 0;
  for (let attempt = 0; onTable < tableGoal && attempt < 500; attempt++) {
    const meld = randomMeld(rules, free, random, Math.min(tableGoal - onTable, 10));
    if (!meld) continue;
    for (const c of meld) free.delete(c);
    table.push({ id: table.length + 1, cards: meld });
    onTable += meld.length;
  }
  const rest = [...free];
  const own: CardId[] = [];
  const handGoal = Math.min(between(size.hand), rest.length);
  while (own.length < handGoal) own.push(rest.splice(Math.floor(random() * rest.length), 1)[0]!);
  return { rules, table, own };
}

/** A random valid meld of at most `room` cards (and at least 3) from the free cards. */
function randomMeld(
  rules: MeldRules,
  free: ReadonlySet<CardId>,
  random: () => number,
  room: number,
): CardId[] | null {
  if (room < 3) return null;
  const pool = [...free];
  const start = pool[Math.floor(random() * pool.length)]!;
  const copyFree = (rank: number, suit: (typeof SUITS)[number]) =>
    [0, 1].map((copy) => cardId(rank, suit, copy)).find((c) => free.has(c));
  let meld: CardId[] = [start];
  if (random() < 0.4) {
    const size = Math.min(room, 3 + Math.floor(random() * 2));
    for (const suit of SUITS) {
      if (meld.length >= size || suit === suitOf(start)) continue;
      const card = copyFree(rankOf(start), suit);
      if (card !== undefined) meld.push(card);
    }
  } else {
    const length = Math.min(room, 3 + Math.floor(random() * random() * 8));
    for (let step = 1; meld.length < length; step++) {
      const rank = ((rankOf(start) - 1 + step) % 13) + 1;
      const card = copyFree(rank, suitOf(start));
      if (card === undefined) break;
      meld = [...meld, card];
      // Classic: the Ace ends a run that reaches it from the King.
      if (!rules.wrapsThroughAce && rank === 1) break;
    }
  }
  return meld.length >= 3 && isValidMeld(rules, meld) ? meld : null;
}
