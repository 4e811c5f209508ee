// Seeded positions for the hint solver: a table built from valid melds of a
// shuffled double deck, and a hand from what is left. Shared by the benchmark
// and the property tests.

import {
  type CardId,
  CARD_COUNT,
  cardId,
  rankOf,
  SUITS,
  suitOf,
  CLASSIC_MELDS,
  isValidMeld,
  MACHIAVELOX_MELDS,
  type MeldRules,
  mulberry32,
} from "@/engine";
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
 * The shapes of position `npm run bench:solver` can deal (SHAPE=…): the
 * benchmark's own, and harder corners of it for checking agreement.
 */
export const POSITION_SHAPES = {
  bench: { table: [10, 100], hand: [3, 30] },
  /** the biggest tables and hands, where plans run to dozens of moves */
  wide: { table: [80, 100], hand: [20, 30] },
  /** ranks round the Ace, where runs wrap (Machiavelox) or stop (classic) */
  ace: { table: [10, 60], hand: [3, 30], ranks: [11, 12, 13, 1, 2, 3, 4] },
  /** four ranks: every card competes with its copies */
  narrow: { table: [10, 40], hand: [5, 20], ranks: [5, 6, 7, 8] },
  /** few table cards, most of the hand */
  bighand: { table: [10, 25], hand: [25, 30] },
  /** an empty table: melds of own cards alone */
  notable: { table: [0, 0], hand: [3, 30] },
} satisfies Record<string, PositionSize>;

export type PositionShape = keyof typeof POSITION_SHAPES;

/**
 * Position n of the solver benchmark's set `seed`: by default tables of 10–100
 * cards, hands of 3–30, the rule sets taking turns (even n Machiavelox).
 */
export function benchPosition(
  n: number,
  seed = BENCH_SEED,
  shape: PositionShape = "bench",
): Position {
  const rules = n % 2 === 0 ? MACHIAVELOX_MELDS : CLASSIC_MELDS;
  return randomPosition(rules, seed + n, POSITION_SHAPES[shape]);
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
