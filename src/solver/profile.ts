// A rank's profile: the cards its suits send to sets, suit-symmetric (sets
// care only that suits differ, not which they are), and the original sets
// already taken. The rank programme settles a rank's sets through it.

import { arrangeSets, SET_CARD, type SetCard } from "./sets";

// A profile holds nothing of the position: what its sets keep and which of its
// cards may stay are worked out once for every position (at most 3,060
// profiles times 4).
const creditMemo = new Map<number, number>();
const mayStayMemo = new Map<number, number>();

/** Cards kept by the best grouping of a rank's set cards, or -1 if they cannot be grouped. */
export function setCredit(extra: number): number {
  let kept = creditMemo.get(extra);
  if (kept === undefined) {
    const cards: SetCard[] = [];
    profileDigits(extra >> 2).forEach((pattern, suit) => {
      for (const cls of patternClasses(pattern)) cards.push({ suit, cls });
    });
    kept = arrangeSets(cards, extra & 3)?.kept ?? -1;
    creditMemo.set(extra, kept);
  }
  return kept;
}

/** Set cards of a rank's profile that a set may still keep where they are. */
export function mayStay(extra: number): number {
  let count = mayStayMemo.get(extra);
  if (count === undefined) {
    count = 0;
    for (const pattern of profileDigits(extra >> 2))
      for (const cls of patternClasses(pattern)) if (cls !== SET_CARD.other) count++;
    mayStayMemo.set(extra, count);
  }
  return count;
}

// A suit's set cards (0–2, each of a SET_CARD class) as one code 0..14, and a
// rank's profile as the codes of its suits sorted, four bits each: sets care
// only that suits differ, not which they are.
export function patternOf(classes: readonly number[]): number {
  if (classes.length === 0) return 0;
  if (classes.length === 1) return 1 + classes[0]!;
  const [a, b] = [Math.min(...classes), Math.max(...classes)];
  return 5 + a * 4 - (a * (a - 1)) / 2 + (b - a);
}

export function patternClasses(pattern: number): number[] {
  if (pattern <= 4) return [pattern - 1];
  let code = pattern - 5;
  for (let a = 0; a < 4; a++) {
    if (code < 4 - a) return [a, a + code];
    code -= 4 - a;
  }
  throw new Error(`internal: bad set pattern ${pattern}`);
}

export function profileDigits(profile: number): number[] {
  const digits: number[] = [];
  for (let p = profile; p > 0; p = Math.floor(p / 16)) digits.push(p % 16);
  return digits;
}
