// An obviously-correct reference for small positions: try every partition of
// the table cards plus any subset of the own cards into valid melds, and every
// matching of the new melds to the old ones.

import { type CardId, rankOf, suitOf } from "@/engine/cards";
import { checkMeld, type MeldRules } from "@/engine/melds";
import type { TableMeld } from "@/solver";
import { PLACED_WEIGHT } from "@/solver/bound";
import { randomPosition } from "../../bench/solver-positions";

export interface Optimum {
  placed: number;
  moved: number;
}

export function bruteForce(
  rules: MeldRules,
  table: readonly TableMeld[],
  own: readonly CardId[],
): Optimum {
  const tableCards = table.flatMap((m) => m.cards);
  let best: Optimum = { placed: -1, moved: 0 };
  const consider = (melds: CardId[][]) => {
    const placed = melds.flat().length - tableCards.length;
    const moved = tableCards.length - bestKept(table, melds, 0, new Set());
    if (placed > best.placed || (placed === best.placed && moved < best.moved))
      best = { placed, moved };
  };
  const search = (tableLeft: CardId[], ownLeft: CardId[], melds: CardId[][]) => {
    const pool = [...tableLeft, ...ownLeft];
    const x = tableLeft[0] ?? ownLeft[0];
    if (x === undefined) return consider(melds);
    // An own card may stay in the hand once every table card has a meld.
    if (tableLeft.length === 0) search(tableLeft, ownLeft.slice(1), melds);
    for (const meld of meldsWith(rules, x, pool)) {
      const rest = (list: CardId[]) => list.filter((c) => !meld.includes(c));
      search(rest(tableLeft), rest(ownLeft), [...melds, meld]);
    }
  };
  search(tableCards, [...own], []);
  return best;
}

function meldsWith(rules: MeldRules, x: CardId, pool: readonly CardId[]): CardId[][] {
  const others = pool.filter(
    (c) => c !== x && (rankOf(c) === rankOf(x) || suitOf(c) === suitOf(x)),
  );
  const found: CardId[][] = [];
  const grow = (from: number, chosen: CardId[]) => {
    if (chosen.length >= 3) {
      const check = checkMeld(rules, chosen);
      if (check.ok && (check.kind === "set" || chosen.length <= rules.maxRunLength))
        found.push([...chosen]);
    }
    if (chosen.length >= Math.min(13, rules.maxRunLength)) return;
    for (let i = from; i < others.length; i++) grow(i + 1, [...chosen, others[i]!]);
  };
  grow(0, [x]);
  return found;
}

function bestKept(
  table: readonly TableMeld[],
  melds: readonly CardId[][],
  t: number,
  used: Set<number>,
): number {
  const meld = melds[t];
  if (!meld) return 0;
  let best = bestKept(table, melds, t + 1, used);
  table.forEach((original, m) => {
    if (used.has(m)) return;
    const shared = meld.filter((c) => original.cards.includes(c)).length;
    if (shared === 0) return;
    used.add(m);
    best = Math.max(best, shared + bestKept(table, melds, t + 1, used));
    used.delete(m);
  });
  return best;
}

/** A small seeded position and its optimum by brute force, and what that is worth. */
export function smallPosition(rules: MeldRules, seed: number, ranks?: readonly number[]) {
  const { table, own } = randomPosition(rules, seed, { table: [3, 10], hand: [1, 5], ranks });
  const best = bruteForce(rules, table, own);
  const tableCards = table.reduce((n, m) => n + m.cards.length, 0);
  return { table, own, best, optimum: best.placed * PLACED_WEIGHT + tableCards - best.moved };
}
