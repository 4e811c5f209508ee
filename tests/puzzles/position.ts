import { cards } from "@/engine/cards";
import type { PuzzlePosition } from "@/puzzles/types";

/** A position from compact literals: the hand, then each meld of the table (ids 1, 2, 3…). */
export function position(
  rules: PuzzlePosition["rules"],
  hand: string,
  ...melds: string[]
): PuzzlePosition {
  // One literal, so that a name repeated anywhere means the other copy.
  const all = cards([...melds, hand].join(" "));
  let at = 0;
  const table = melds.map((m, i) => {
    const n = m.split(" ").length;
    at += n;
    return { id: i + 1, cards: all.slice(at - n, at) };
  });
  return { rules, table, hand: all.slice(at) };
}
