// The most own cards that can be placed, whatever happens to the table cards:
// the rank-by-rank programme of van Rijn, Takes & Vis (2015) with small numeric
// states. Knowing this count first lets the rank programme (programme.ts) look only
// for arrangements that place exactly that many.

import { type MeldRules } from "@/engine";
import { concatenated, filled } from "./arrays";
import { TooComplexError } from "./errors";
import { SETS_FIT } from "./sets";

const RANKS = 13;
const SUITS = 4;
const LAST = RANKS - 1;
/** A run crossing the cut, seen at the first rank: it may close there if its part before the cut has two cards. */
const INCOMING = 4;
/** Per suit: the open runs' lengths (two slots, sorted) and the cut's crossings. */
const CODE_BITS = 128;
const SUIT_SPACE = CODE_BITS ** SUITS;

// A pair of slot lengths (0 = no run) a ≤ b, both 0..4, as one index 0..14.
const pairIndex = (a: number, b: number) => (b * (b + 1)) / 2 + a;
// The crossings: k runs cross the cut, j of them end at the first rank.
const crossIndex = (k: number, j: number) => (k * (k + 1)) / 2 + j;
const PAIRS: [number, number][] = [];
for (let b = 0; b <= INCOMING; b++) for (let a = 0; a <= b; a++) PAIRS.push([a, b]);
const CROSSINGS: [number, number][] = [];
for (let k = 0; k <= 2; k++) for (let j = 0; j <= k; j++) CROSSINGS.push([k, j]);
const codeOf = (lengths: readonly number[], k: number, j: number) => {
  // At most two runs: the longer second.
  const [x = 0, y = 0] = lengths;
  const [a, b] = x <= y ? [x, y] : [y, x];
  return pairIndex(a, b) + PAIRS.length * crossIndex(k, j);
};

/** Whether an open run of length x can do all that one of length y can (0: no run). */
const longer = (x: number, y: number) =>
  x === y || (x === 3 && y !== INCOMING) || (x === 2 && y === 1);

/** A rank's set profile counts its suits sending one card (×5) and two cards (×1). */
const profileAfter = (profile: number, send: number) =>
  profile + (send === 1 ? 5 : send === 2 ? 1 : 0);

/** Whether suit state x can do all that suit state y can, with the same crossings. */
function dominates(x: number, y: number): boolean {
  if (Math.floor(x / PAIRS.length) !== Math.floor(y / PAIRS.length)) return false;
  const [a, b] = PAIRS[x % PAIRS.length]!;
  const [c, d] = PAIRS[y % PAIRS.length]!;
  return (longer(a, c) && longer(b, d)) || (longer(a, d) && longer(b, c));
}

/**
 * The most own cards that can be placed, knowing (when given) that no
 * arrangement places more than `atMost`. `table[rank][suit]` counts the table
 * cards (all must stay on the table), `own[rank][suit]` the own cards (ranks 0 = Ace).
 */
export function mostPlaced(
  rules: MeldRules,
  table: readonly (readonly number[])[],
  own: readonly (readonly number[])[],
  budget: number,
  atMost?: number,
): number {
  const programme = new MostProgramme(rules, table, own, budget);
  const total = concatenated(own).reduce((sum, n) => sum + n, 0);
  const fewest = total - Math.min(atMost ?? total, total);
  // Most positions place every own card or all but one: a search depth first
  // finds such an arrangement long before the programme has made every state.
  // So do the two counts just below what the relaxation ruled out, when it
  // ruled some out (three or more cost more where the answer lies further
  // down).
  for (let left = fewest; left <= Math.max(1, fewest + 1); left++)
    if (programme.leavesOutAtMost(left)) return total - left;
  // Otherwise a programme that may leave out only a few keeps few states:
  // allow more and more left out until the best found leaves out no more than
  // allowed, which makes it the most.
  for (let left = Math.max(3, fewest); ; left = 2 * left + 1) {
    const best = programme.run(left);
    if (best !== null && total - best <= left) return best;
  }
}

/**
 * A suit's options at a rank hold nothing else of the position than what
 * optionKey packs, so they are worked out once for every position.
 */
const transitions = new Map<number, Int32Array>();

class MostProgramme {
  private readonly cut: number;
  /** per position and suit: how many of the following positions have cards */
  private readonly ahead: number[][];
  /** per position and suit: own cards met once that suit is done */
  private readonly ownSeen: number[][];
  /**
   * per position and suit: what its options depend on besides the suit's
   * state (its cards there, whether and how many runs may cross the cut
   * there, how far its runs can still grow), packed
   */
  private readonly optionKeys: number[][];
  /** per position, suit and set profile: whether the suits after it can still complete it */
  private readonly completes: boolean[][][];
  /**
   * per position and suit: the states found to lead nowhere, each with the
   * most own cards it could still leave out and fail (it fails with fewer too)
   */
  private readonly dead = filled(RANKS * SUITS, () => new Map<number, number>());
  private deadStates = 0;

  constructor(
    private readonly rules: MeldRules,
    private readonly table: readonly (readonly number[])[],
    private readonly own: readonly (readonly number[])[],
    private readonly budget: number,
  ) {
    this.cut = rules.wrapsThroughAce ? this.chooseCut() : 0;
    this.ahead = filled(RANKS, (p) =>
      filled(SUITS, (s) => {
        let n = 0;
        while (p + n + 1 < RANKS && this.have(p + n + 1, s) > 0) n++;
        return n;
      }),
    );
    this.completes = filled(RANKS, (p) => {
      const after: boolean[][] = [];
      // After the last suit the profile must fit as it is; before, a suit may add 0–2 cards.
      after[SUITS - 1] = SETS_FIT.map(Boolean);
      for (let s = SUITS - 2; s >= 0; s--) {
        const have = this.have(p, s + 1);
        after[s] = SETS_FIT.map(
          (_, profile) =>
            after[s + 1]![profile]! ||
            (have >= 1 && !!after[s + 1]![profile + 5]) ||
            (have >= 2 && !!after[s + 1]![profile + 1]),
        );
      }
      return after;
    });
    this.optionKeys = filled(RANKS, (p) =>
      filled(SUITS, (s) => {
        const r = this.rankAt(p);
        const ahead = this.ahead[p]![s]!;
        const digits = [
          [table[r]![s]!, 3],
          [own[r]![s]!, 3],
          [p === 0 ? 1 + Math.min(this.have(LAST, s), 2) : 0, 4],
          [Math.min(ahead, 2), 3], // lives asks for 1 or 2 more
          [p + ahead === LAST ? 1 : 0, 2],
          [rules.wrapsThroughAce ? 1 : 0, 2],
        ];
        return digits.reduce((key, [digit, base]) => key * base! + digit!, 0);
      }),
    );
    let seen = 0;
    this.ownSeen = filled(RANKS, (p) => filled(SUITS, (s) => (seen += own[this.rankAt(p)]![s]!)));
  }

  private rankAt(p: number): number {
    return (this.cut + p) % RANKS;
  }

  private have(p: number, s: number): number {
    const r = this.rankAt(p);
    return this.table[r]![s]! + this.own[r]![s]!;
  }

  /** Where the fewest runs can cross: every crossing choice multiplies the states. */
  private chooseCut(): number {
    const choices = [1, 3, 6];
    let best = 0;
    let bestScore = Infinity;
    for (let cut = 0; cut < RANKS; cut++) {
      const before = (cut + LAST) % RANKS;
      let score = 1;
      for (let s = 0; s < SUITS; s++) {
        const have = Math.min(
          this.table[before]![s]! + this.own[before]![s]!,
          this.table[cut]![s]! + this.own[cut]![s]!,
        );
        score *= choices[Math.min(have, 2)]!;
      }
      if (score < bestScore) [best, bestScore] = [cut, score];
    }
    return best;
  }

  /** The most placed by an arrangement that leaves out at most `left` own cards, or null. */
  run(left: number): number | null {
    let layer = new Map<number, number>([[0, 0]]);
    for (let p = 0; p < RANKS; p++) {
      let partial = layer;
      for (let s = 0; s < SUITS; s++) {
        const weight = CODE_BITS ** s;
        const seenOwn = this.ownSeen[p]![s]!;
        const completes = this.completes[p]![s]!;
        const next = new Map<number, number>();
        for (const [key, value] of partial) {
          const profile = Math.floor(key / SUIT_SPACE);
          const code = Math.floor(key / weight) % CODE_BITS;
          const base = key - code * weight - profile * SUIT_SPACE;
          const options = this.options(p, s, code);
          for (let o = 0; o < options.length; o += 3) {
            const nextProfile = profileAfter(profile, options[o + 1]!);
            if (!completes[nextProfile]) continue;
            const nextKey = base + options[o]! * weight + nextProfile * SUIT_SPACE;
            const nextValue = value + options[o + 2]!;
            if (seenOwn - nextValue > left) continue;
            const seen = next.get(nextKey);
            if (seen === undefined || nextValue > seen) next.set(nextKey, nextValue);
          }
        }
        if (next.size > this.budget) throw new TooComplexError(next.size);
        partial = next;
      }
      layer = new Map();
      for (const [key, value] of partial) {
        // Every profile left fits: the last suit's states were checked as made.
        const state = key % SUIT_SPACE;
        const seen = layer.get(state);
        if (seen === undefined || value > seen) layer.set(state, value);
      }
    }
    let best: number | null = null;
    for (const [key, value] of layer) {
      if (best !== null && value <= best) continue;
      if (this.endsAllWell(key)) best = value;
    }
    return best;
  }

  /**
   * Whether some arrangement leaves out at most `left` own cards: the
   * programme's states explored depth first, those that lead nowhere
   * remembered from one call to the next.
   */
  leavesOutAtMost(left: number): boolean {
    const search = (p: number, s: number, key: number, slack: number): boolean => {
      const dead = this.dead[p * SUITS + s]!;
      const failed = dead.get(key);
      if (failed !== undefined && failed >= slack) return false;
      const weight = CODE_BITS ** s;
      const profile = Math.floor(key / SUIT_SPACE);
      const code = Math.floor(key / weight) % CODE_BITS;
      const base = key - code * weight - profile * SUIT_SPACE;
      const mine = this.own[this.rankAt(p)]![s]!;
      const completes = this.completes[p]![s]!;
      const options = this.options(p, s, code);
      for (let o = 0; o < options.length; o += 3) {
        const rest = slack - (mine - options[o + 2]!);
        if (rest < 0) continue;
        const nextProfile = profileAfter(profile, options[o + 1]!);
        if (!completes[nextProfile]) continue;
        const nextKey = base + options[o]! * weight + nextProfile * SUIT_SPACE;
        if (s < SUITS - 1) {
          if (search(p, s + 1, nextKey, rest)) return true;
          continue;
        }
        // The rank's sets fit (checked with its last suit): its profile is done.
        const state = nextKey % SUIT_SPACE;
        if (p < LAST ? search(p + 1, 0, state, rest) : this.endsAllWell(state)) return true;
      }
      if (failed === undefined && ++this.deadStates > this.budget)
        throw new TooComplexError(this.deadStates);
      dead.set(key, slack);
      return false;
    };
    return search(0, 0, 0, left);
  }

  /** Whether every suit's open runs after the last rank close or cross the cut as promised. */
  private endsAllWell(key: number): boolean {
    for (let s = 0; s < SUITS; s++)
      if (!this.endsWell(Math.floor(key / CODE_BITS ** s) % CODE_BITS)) return false;
    return true;
  }

  /** Whether a suit's open runs after the last rank close or cross the cut as promised. */
  private endsWell(code: number): boolean {
    const [a, b] = PAIRS[code % PAIRS.length]!;
    const [k, j] = CROSSINGS[Math.floor(code / PAIRS.length)]!;
    const runs = [a, b].filter((len) => len > 0);
    for (let mask = 0; mask < 1 << runs.length; mask++) {
      const crossing = runs.filter((_, i) => mask & (1 << i));
      if (crossing.length !== k) continue;
      if (runs.some((len, i) => !(mask & (1 << i)) && len < 3)) continue;
      // The j pieces that end at the first rank need two cards before the cut.
      if (crossing.filter((len) => len >= 2).length >= j) return true;
    }
    return false;
  }

  /** Whether a run of this length at position p can still reach three cards. */
  private lives(p: number, s: number, len: number, crossings: number): boolean {
    const ahead = this.ahead[p]![s]!;
    return len >= 3 || ahead >= 3 - len || (crossings > 0 && p + ahead === LAST);
  }

  /** Triples (next code, cards sent to sets, own cards placed) for one suit at one position. */
  private options(p: number, s: number, code: number): Int32Array {
    const memo = this.optionKeys[p]![s]! * CODE_BITS + code;
    let found = transitions.get(memo);
    if (found) return found;
    const best = new Map<number, number>();
    const [a, b] = PAIRS[code % PAIRS.length]!;
    const [k, j] = CROSSINGS[Math.floor(code / PAIRS.length)]!;
    const runs = [a, b].filter((len) => len > 0);
    const r = this.rankAt(p);
    const onTable = this.table[r]![s]!;
    const mine = this.own[r]![s]!;
    const canCross = p === 0 ? Math.min(this.have(LAST, s), 2) : 0;
    for (let close = 0; close < 1 << runs.length; close++) {
      const continued: number[] = [];
      let ended = 0;
      let ok = true;
      runs.forEach((len, i) => {
        if (close & (1 << i)) {
          if (len === INCOMING) ended++;
          else if (len < 3) ok = false;
        } else if (len === INCOMING) {
          // Classic: a run that comes from the King to the Ace ends there.
          if (!this.rules.wrapsThroughAce) ok = false;
          continued.push(3);
        } else continued.push(Math.min(3, len + 1));
      });
      if (!ok) continue;
      for (let placed = 0; placed <= mine; placed++) {
        const rest = onTable + placed - continued.length;
        for (let send = 0; send <= Math.min(2, rest); send++) {
          const fresh = rest - send;
          for (let crossing = 0; crossing <= Math.min(fresh, canCross); crossing++) {
            const [nk, nj] = p === 0 ? [crossing, 0] : [k, j + ended];
            const lengths = [
              ...continued,
              ...Array<number>(fresh - crossing).fill(1),
              ...Array<number>(crossing).fill(INCOMING),
            ];
            if (
              lengths.length > 2 ||
              !lengths.every((len) => len === INCOMING || this.lives(p, s, len, nk))
            )
              continue;
            const key = codeOf(lengths, nk, nj) * 4 + send;
            if ((best.get(key) ?? -1) < placed) best.set(key, placed);
          }
        }
      }
    }
    // An option whose runs are no better than another's, for the same cards
    // sent to sets and placed, leads nowhere the other does not.
    const all = [...best];
    const kept = all.filter(
      ([key, placed]) =>
        !all.some(
          ([other, more]) =>
            other !== key &&
            (other & 3) === (key & 3) &&
            more >= placed &&
            dominates(other >> 2, key >> 2),
        ),
    );
    found = new Int32Array(kept.length * 3);
    let o = 0;
    for (const [key, placed] of kept) {
      found[o++] = key >> 2;
      found[o++] = key & 3;
      found[o++] = placed;
    }
    transitions.set(memo, found);
    return found;
  }
}
