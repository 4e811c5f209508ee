// The sets formed at one rank: the cards of that rank that no run takes must be
// grouped into sets (3–4 cards, different suits), and each set may be matched to
// one original meld to keep cards in place (see docs/solver.md, "moved").

const SUIT_COUNT = 4;

/** What a card sent to the sets of its rank can be matched with. */
export const SET_CARD = {
  /** a hand card, or a table card whose original meld is not matched through it */
  other: 0,
  /** a card of the first original set of this rank */
  firstSet: 1,
  /** a card of the second original set of this rank (two decks: at most two) */
  secondSet: 2,
  /** a card of an original run that is matched to the set this card ends in */
  runClaim: 3,
} as const;

export interface SetCard {
  suit: number;
  cls: number;
}

export interface SetArrangement {
  /** cards kept in their original meld by this arrangement */
  kept: number;
  /** for each card, which target set (0 or 1) it goes to */
  group: number[];
}

/**
 * The best way to group the cards into at most two valid sets, or null when
 * they cannot all be grouped. `setsTaken` has bit i set when original set i of
 * this rank is already matched to a run, so no target set may match it.
 */
export function arrangeSets(cards: readonly SetCard[], setsTaken: number): SetArrangement | null {
  if (cards.length === 0) return { kept: 0, group: [] };
  let best: SetArrangement | null = null;
  // Card 0 always goes to group 0: the two groups are interchangeable.
  for (let mask = 0; mask < 1 << (cards.length - 1); mask++) {
    const group = cards.map((_, i) => (i === 0 ? 0 : (mask >> (i - 1)) & 1));
    const kept = keptByGroups(cards, group, setsTaken);
    if (kept !== null && (best === null || kept > best.kept)) best = { kept, group };
  }
  return best;
}

function keptByGroups(
  cards: readonly SetCard[],
  group: readonly number[],
  setsTaken: number,
): number | null {
  const groups: { claimed: boolean; bySet: number[] }[] = [];
  for (const g of [0, 1]) {
    const members = cards.filter((_, i) => group[i] === g);
    if (members.length === 0) continue;
    if (members.length < 3 || members.length > 4) return null;
    if (new Set(members.map((c) => c.suit)).size !== members.length) return null;
    const claims = members.filter((c) => c.cls === SET_CARD.runClaim).length;
    // A target set is matched to one original meld at most.
    if (claims > 1) return null;
    groups.push({
      claimed: claims === 1,
      bySet: [SET_CARD.firstSet, SET_CARD.secondSet].map(
        (cls) => members.filter((c) => c.cls === cls).length,
      ),
    });
  }
  return pickSets(groups, setsTaken, 0, 0);
}

/** Each unclaimed group from g on may match one original set of this rank not matched elsewhere. */
function pickSets(
  groups: readonly { claimed: boolean; bySet: number[] }[],
  setsTaken: number,
  g: number,
  used: number,
): number {
  const current = groups[g];
  if (!current) return 0;
  if (current.claimed) return 1 + pickSets(groups, setsTaken, g + 1, used);
  let best = pickSets(groups, setsTaken, g + 1, used);
  current.bySet.forEach((count, set) => {
    if (count > 0 && !((used | setsTaken) & (1 << set)))
      best = Math.max(best, count + pickSets(groups, setsTaken, g + 1, used | (1 << set)));
  });
  return best;
}

/**
 * Whether the cards a rank's suits send to sets form at most two sets, by
 * a1 * 5 + a2: a1 suits send one card, a2 suits two.
 */
export const SETS_FIT: boolean[] = [];
for (let a1 = 0; a1 <= SUIT_COUNT; a1++)
  for (let a2 = 0; a1 + a2 <= SUIT_COUNT; a2++) {
    let fits = a1 + a2 === 0 || (a2 === 0 && a1 >= 3);
    // Two sets: each suit sending two gives one to each; the others split x and a1 - x.
    for (let x = 0; x <= a1; x++) {
      const [p, q] = [a2 + x, a2 + a1 - x];
      fits ||= p >= 3 && p <= 4 && q >= 3 && q <= 4;
    }
    SETS_FIT[a1 * 5 + a2] = fits;
  }
