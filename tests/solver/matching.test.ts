// The matching behind "moved" (docs/solver.md): the assignment of target melds
// to original melds that keeps the most table cards.

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cards } from "@/engine/cards";
import { keptCards, matchMelds } from "@/solver/matching";

/** The most cards any assignment keeps, trying every one. */
function bestKept(original: number[][], target: number[][]): number {
  const used = new Set<number>();
  const go = (t: number): number => {
    if (t === target.length) return 0;
    let best = go(t + 1);
    original.forEach((meld, m) => {
      if (used.has(m)) return;
      used.add(m);
      best = Math.max(best, target[t]!.filter((c) => meld.includes(c)).length + go(t + 1));
      used.delete(m);
    });
    return best;
  };
  return go(0);
}

/** Cards 0..n-1 cut into groups by the labels (one label per card). */
function groups(labels: readonly number[]): number[][] {
  const byLabel = new Map<number, number[]>();
  labels.forEach((label, c) => byLabel.set(label, [...(byLabel.get(label) ?? []), c]));
  return [...byLabel.values()];
}

describe("the matching of target melds to original melds", () => {
  it("§5 the K/Q/J sets regrouped into J-Q-K runs: each run continues one set and keeps one card", () => {
    const original = [cards("KS KH KD"), cards("QS QH QD"), cards("JS JH JD")];
    const target = [cards("JS QS KS"), cards("JH QH KH"), cards("JD QD KD")];
    const match = matchMelds(original, target);
    expect(new Set(match).size).toBe(3);
    expect(keptCards(original, target, match)).toBe(3);
  });

  it("keeps as many cards as the best of every assignment, each original matched once", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 6 })), {
          minLength: 1,
          maxLength: 16,
        }),
        (labels) => {
          const original = groups(labels.map(([o]) => o));
          const target = groups(labels.map(([, t]) => t));
          const match = matchMelds(original, target);
          const matched = match.filter((m) => m >= 0);
          expect(new Set(matched).size).toBe(matched.length);
          match.forEach((m, t) => {
            if (m >= 0) expect(target[t]!.some((c) => original[m]!.includes(c))).toBe(true);
          });
          expect(keptCards(original, target, match)).toBe(bestKept(original, target));
        },
      ),
      { numRuns: 500 },
    );
  });
});
