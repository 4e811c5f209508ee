// An upper bound on the solver's objective (128 × own cards placed + table cards
// kept) from a Lagrangian relaxation of the position's integer programme: how
// many of each possible meld to build (cards counted by kind, both copies
// alike), which own cards to use, and which original meld each new meld is
// matched to. With a price on each kind's count and on each original meld's one
// match, every possible meld is chosen on its own (0–2 copies, matched to the
// originals it gains most from), so one evaluation is a pass over the melds;
// the prices move by subgradient steps towards the lowest bound. Any prices give
// a valid bound, so the bound never depends on how far the steps got.

import { type CardId, rankOf, SUITS, suitOf } from "../engine/cards";
import { checkMeld, type MeldRules } from "../engine/melds";

/** One placed card outweighs every kept card: there are at most 104 cards. */
export const PLACED_WEIGHT = 128;

const KINDS = 52;
/** A card's kind, both copies alike: suit * 13 + rank - 1. */
export const kindOf = (card: CardId) => SUITS.indexOf(suitOf(card)) * 13 + rankOf(card) - 1;

/**
 * How much of the last step's direction each step keeps (a deflected
 * subgradient): plain steps zigzag. On the 36 bench positions the rank
 * programme cannot finish, 3,000 steps reach the optimum's value in 13 with
 * 0, 20 with 0.8, 26 with 0.95.
 */
const DEFLECTION = 0.95;

/** Every meld of card kinds the rule set allows, once per rule set. */
const meldsByRules = new Map<string, readonly (readonly number[])[]>();

export function allMelds(rules: MeldRules): readonly (readonly number[])[] {
  let melds = meldsByRules.get(rules.id);
  if (!melds) {
    const found: number[][] = [];
    for (let rank = 0; rank < 13; rank++)
      for (let mask = 0; mask < 16; mask++) {
        const suits = [0, 1, 2, 3].filter((s) => mask & (1 << s));
        if (suits.length >= 3) found.push(suits.map((s) => s * 13 + rank));
      }
    for (let suit = 0; suit < 4; suit++)
      for (let start = 0; start < 13; start++)
        for (let length = 3; length <= Math.min(rules.maxRunLength, 13); length++) {
          const kinds = Array.from({ length }, (_, k) => suit * 13 + ((start + k) % 13));
          // The game's own test, on copy-0 cards of these kinds (card id = kind).
          if (checkMeld(rules, kinds).ok) found.push(kinds);
        }
    meldsByRules.set(rules.id, (melds = found));
  }
  return melds;
}

/**
 * The lowest bound found within `iterations` subgradient steps, stopping as
 * soon as it is below `goal` (the bound then proves every arrangement worth
 * less than `goal`). `target` is a value some arrangement reaches, which
 * sizes the steps.
 */
export function objectiveBound(
  rules: MeldRules,
  original: readonly (readonly CardId[])[],
  own: readonly CardId[],
  target: number,
  goal: number,
  iterations: number,
): number {
  const table = new Float64Array(KINDS);
  const mine = new Float64Array(KINDS);
  for (const meld of original) for (const c of meld) table[kindOf(c)]!++;
  for (const c of own) mine[kindOf(c)]!++;
  const melds = allMelds(rules).filter((kinds) => kinds.every((k) => table[k]! + mine[k]! > 0));
  const copies = melds.map((kinds) => Math.min(2, ...kinds.map((k) => table[k]! + mine[k]!)));
  const kindSets = original.map((meld) => new Set(meld.map(kindOf)));
  // Per meld: the originals it shares kinds with, and how many.
  const shares = melds.map((kinds) =>
    kindSets.flatMap((set, m) => {
      const shared = kinds.filter((k) => set.has(k)).length;
      return shared > 0 ? [m, shared] : [];
    }),
  );
  // A kind's price starts at what one card of it is worth: an own card's weight, or one kept.
  const price = Float64Array.from(mine, (n) => (n > 0 ? -PLACED_WEIGHT : -1));
  const matchPrice = new Float64Array(original.length);
  const kindGrad = new Float64Array(KINDS);
  const matchGrad = new Float64Array(original.length);
  const kindDir = new Float64Array(KINDS);
  const matchDir = new Float64Array(original.length);
  let best = Infinity;
  let scale = 1;
  let sinceBetter = 0;
  for (let it = 0; it < iterations; it++) {
    let bound = 0;
    for (let k = 0; k < KINDS; k++) {
      bound += price[k]! * table[k]!;
      kindGrad[k] = table[k]!;
      if (mine[k]! > 0 && PLACED_WEIGHT + price[k]! > 0) {
        bound += mine[k]! * (PLACED_WEIGHT + price[k]!);
        kindGrad[k]! += mine[k]!;
      }
    }
    for (let m = 0; m < original.length; m++) {
      bound += matchPrice[m]!;
      matchGrad[m] = 1;
    }
    for (let c = 0; c < melds.length; c++) {
      const kinds = melds[c]!;
      let cost = 0;
      for (const k of kinds) cost += price[k]!;
      // The two originals this meld gains most from (a meld is built at most twice).
      const share = shares[c]!;
      let m1 = -1;
      let g1 = 0;
      let m2 = -1;
      let g2 = 0;
      for (let j = 0; j < share.length; j += 2) {
        const gain = share[j + 1]! - matchPrice[share[j]!]!;
        if (gain > g1) [m2, g2, m1, g1] = [m1, g1, share[j]!, gain];
        else if (gain > g2) [m2, g2] = [share[j]!, gain];
      }
      const one = g1 - cost;
      const two = copies[c]! >= 2 ? one + g2 - cost : -Infinity;
      const built = two > one && two > 0 ? 2 : one > 0 ? 1 : 0;
      if (built === 0) continue;
      bound += built === 2 ? two : one;
      for (const k of kinds) kindGrad[k]! -= built;
      if (m1 >= 0) matchGrad[m1]!--;
      if (built === 2 && m2 >= 0) matchGrad[m2]!--;
    }
    if (bound < best - 1e-9) [best, sinceBetter] = [bound, 0];
    else if (++sinceBetter >= 20) [scale, sinceBetter] = [scale / 2, 0];
    if (best < goal) break;
    let norm = 0;
    for (let k = 0; k < KINDS; k++)
      norm += (kindDir[k] = kindGrad[k]! + DEFLECTION * kindDir[k]!) ** 2;
    for (let m = 0; m < original.length; m++)
      norm += (matchDir[m] = matchGrad[m]! + DEFLECTION * matchDir[m]!) ** 2;
    // A zero subgradient: these prices are optimal, the bound is the relaxation's.
    if (norm === 0) break;
    const step = (scale * Math.max(bound - target, 1)) / norm;
    for (let k = 0; k < KINDS; k++) price[k]! -= step * kindDir[k]!;
    for (let m = 0; m < original.length; m++)
      matchPrice[m] = Math.max(0, matchPrice[m]! - step * matchDir[m]!);
  }
  return best;
}
