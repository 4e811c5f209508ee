// Tahiti positions (classic §8): jokers, at most one per combination, each
// standing for the card that makes it valid, and face-up cards that the mover
// may use and need not. The rank programme (search.ts) is built on two copies
// of each card and every own card counting, so these positions get their own
// exact search (docs/solver.md, "Tahiti"): the same objective, 128 × hand
// cards placed + table cards kept, face-up cards worth nothing either way.

import { CARDS_PER_DECK, type CardId } from "@/engine";
import { isClassicCard, isJoker, label, type AceRule, checkCombination } from "@/engine/classic";
import { PLACED_WEIGHT } from "./bound";
import { keptCards, matchMelds } from "./matching";
import type { HintErrorCode, MeldId, TableMeld } from "./plan";

export interface TahitiInput {
  ace: AceRule;
  /** the combinations on the table; every card must stay on the table */
  table: readonly TableMeld[];
  /** the mover's hand, jokers included */
  own: readonly CardId[];
  /** the face-up cards: usable, never required, worth nothing placed */
  faceUp?: readonly CardId[];
  /** search nodes before the answer is `too-complex` (default 200,000) */
  budget?: number;
}

export interface TahitiHint {
  /** hand cards the best arrangement places */
  placed: CardId[];
  /** face-up cards it uses */
  fromFaceUp: CardId[];
  /** table cards (jokers included) that end in another combination than their own */
  moved: number;
  /** the whole table afterwards: the table's combinations in order (continued), then new ones */
  target: CardId[][];
}

export type TahitiResult =
  { ok: true; hint: TahitiHint } | { ok: false; error: { code: HintErrorCode; reason: string } };

const JOKER_KIND = CARDS_PER_DECK;
const KINDS = JOKER_KIND + 1;
const kindOf = (card: CardId) => (isJoker(card) ? JOKER_KIND : card % CARDS_PER_DECK);
const MAX_RUN = 13;

export function solveTahiti(input: TahitiInput): TahitiResult {
  const { ace, table, own } = input;
  const faceUp = input.faceUp ?? [];
  const fail = (code: HintErrorCode, reason: string): TahitiResult => ({
    ok: false,
    error: { code, reason },
  });
  const seen = new Set<CardId>();
  for (const card of [...table.flatMap((m) => m.cards), ...own, ...faceUp]) {
    if (!isClassicCard(card, true))
      return fail("bad-card", `not a card id: ${JSON.stringify(card)}`);
    if (seen.has(card)) return fail("duplicate-card", `${label(card)} (${card}) appears twice`);
    seen.add(card);
  }
  const ids = new Set<MeldId>();
  for (const meld of table) {
    if (!Number.isInteger(meld.id) || meld.id <= 0 || ids.has(meld.id))
      return fail("bad-meld-id", `combination ids must be distinct positive integers: ${meld.id}`);
    ids.add(meld.id);
    const check = checkCombination(meld.cards, ace);
    if (!check.ok) return fail("invalid-meld", `combination ${meld.id}: ${check.reason}`);
  }
  const search = new TahitiSearch(
    ace,
    table.map((m) => m.cards),
    own,
    faceUp,
    input.budget ?? 200_000,
  );
  if (!search.run())
    return fail("too-complex", `no exact answer within ${search.budget} search nodes`);
  const original = table.map((m) => m.cards);
  const melds = search.best;
  const match = matchMelds(original, melds);
  const order = melds
    .map((cards, t) => ({ cards: checkCombination(cards, ace), t }))
    .sort((a, b) => rankOfMatch(match[a.t]!) - rankOfMatch(match[b.t]!) || a.t - b.t);
  const target = order.map(({ cards }) => {
    if (!cards.ok) throw new Error(`internal: the search built an invalid combination`);
    return cards.ordered;
  });
  const onTable = new Set(target.flat());
  return {
    ok: true,
    hint: {
      placed: own.filter((c) => onTable.has(c)),
      fromFaceUp: faceUp.filter((c) => onTable.has(c)),
      moved: original.flat().length - keptCards(original, melds, match),
      target,
    },
  };
}

class OverBudget extends Error {}

/** A stretch one card longer: on the far side from the anchor. */
function grown(classes: Classes, cls: number, step: number): Classes {
  return step < 0 ? [cls, ...classes] : [...classes, cls];
}

const rankOfMatch = (m: number) => (m < 0 ? Number.MAX_SAFE_INTEGER : m);

/** A combination in the making: one class per card (a kind never twice, a joker at most once). */
type Classes = number[];

/** Cards one way from a run's anchor: their classes in rank order, the joker's class (or -1), whether it is the farthest. */
interface Stretch {
  classes: Classes;
  joker: number;
  jokerAtEnd: boolean;
}

/**
 * Depth-first over the table's cards: the first table card left goes into each
 * combination it can be in, built from the cards left; once the table's cards
 * are all in one, each hand card left goes into a combination of hand and
 * face-up cards, or stays in the hand. Cards of one kind (jokers: all alike)
 * and one origin (an original combination, the hand, the face-up cards) are
 * interchangeable, so a combination takes classes, never a chosen copy.
 *
 * What the cards left can still bring is worked out once per set of cards
 * left (`future`, memoised): 128 per hand card placed plus, per combination,
 * its most cards of one original. That is exact for the hand cards and at
 * least what matching the combinations can keep, so a branch whose past plus
 * future cannot beat the best so far stops: exact. Branches go best future
 * first, so the first arrangement found is most often the optimum.
 *
 * `future` itself is told how much a branch must bring to matter: below that,
 * an upper bound is as good as the exact value, so it stops as soon as the
 * cards left cannot bring more (`ceiling`: 128 per hand card that could still
 * fit a combination of the cards left, one per table card) and remembers the
 * bound. For that bound to cut early, the search first asks for arrangements
 * placing every hand card that fits anywhere, then one fewer, and so on: the
 * first that has one holds the optimum (the best of those is found as before),
 * and the levels without one are proved empty cheaply, the bar set high.
 */
class TahitiSearch {
  readonly budget: number;
  best: CardId[][];
  private bestValue: number;
  private work = 0;
  private readonly origins: number;
  private readonly hand: number;
  private readonly cards: CardId[][] = [];
  private readonly classesOf: number[][] = Array.from({ length: KINDS }, () => []);
  private readonly tableClasses: number[];
  private readonly handClasses: number[];
  private readonly present: number[];
  /** Futures worked out exactly, and upper bounds of those only bounded, per set of cards left. */
  private readonly memo = new Map<string, number>();
  private readonly upper = new Map<string, number>();
  /** Hand classes that fit some combination of all the cards: the others are never placed. */
  private readonly placeable: boolean[];
  /** Cards left of each kind, whatever their origin. */
  private readonly kindLeft = new Int8Array(KINDS);
  private readonly codes: number[];
  private readonly chosen: CardId[][] = [];
  private readonly original: readonly (readonly CardId[])[];

  constructor(
    private readonly ace: AceRule,
    original: readonly (readonly CardId[])[],
    own: readonly CardId[],
    faceUp: readonly CardId[],
    budget: number,
  ) {
    this.budget = budget;
    this.original = original;
    this.hand = original.length;
    this.origins = original.length + 2;
    for (let c = 0; c < KINDS * this.origins; c++) this.cards.push([]);
    const add = (card: CardId, origin: number) => {
      const kind = kindOf(card);
      const cls = kind * this.origins + origin;
      if (this.cards[cls]!.length === 0) this.classesOf[kind]!.push(cls);
      this.cards[cls]!.push(card);
      this.kindLeft[kind]!++;
    };
    original.forEach((cards, m) => cards.forEach((c) => add(c, m)));
    own.forEach((c) => add(c, this.hand));
    faceUp.forEach((c) => add(c, this.hand + 1));
    this.present = this.cards.map((_, cls) => cls).filter((cls) => this.cards[cls]!.length > 0);
    this.codes = new Array<number>(Math.ceil(this.present.length / 5)).fill(0);
    const classes = (origin: (o: number) => boolean) =>
      this.present
        .filter((cls) => origin(this.originOf(cls)))
        // The original combinations in order, then jokers last: a joker fits anything.
        .sort(
          (a, b) =>
            Number(this.isJokerClass(a)) - Number(this.isJokerClass(b)) ||
            this.originOf(a) - this.originOf(b) ||
            a - b,
        );
    this.tableClasses = classes((o) => o < this.hand);
    this.handClasses = classes((o) => o === this.hand);
    this.placeable = this.cards.map(
      (_, cls) =>
        this.originOf(cls) === this.hand &&
        this.cards[cls]!.length > 0 &&
        this.combinationsWith(cls).length > 0,
    );
    // The table as it is: nothing placed, every card kept.
    this.best = original.map((m) => [...m]);
    this.bestValue = original.reduce((n, m) => n + m.length, 0);
  }

  /** false when the search outgrew its budget */
  run(): boolean {
    try {
      const kept = this.bestValue;
      // Most hand cards first: an arrangement placing h of them, or a proof there is none.
      const most = this.handClasses.reduce(
        (n, cls) => n + (this.placeable[cls] ? this.cards[cls]!.length : 0),
        0,
      );
      for (let h = most; h > 0; h--) {
        this.bestValue = PLACED_WEIGHT * h - 1;
        this.search(0, 0);
        if (this.bestValue >= PLACED_WEIGHT * h) return true;
      }
      this.bestValue = kept;
      this.search(0, 0);
      return true;
    } catch (error) {
      if (error instanceof OverBudget) return false;
      throw error;
    }
  }

  private originOf(cls: number): number {
    return cls % this.origins;
  }

  private isJokerClass(cls: number): boolean {
    return Math.floor(cls / this.origins) === JOKER_KIND;
  }

  private spend(): void {
    if (++this.work > this.budget) throw new OverBudget();
  }

  /** The class an arrangement must place next: a table card's, else a hand card's; -1 when none is left. */
  private next(): { cls: number; table: boolean } | null {
    for (const cls of this.tableClasses)
      if (this.cards[cls]!.length > 0) return { cls, table: true };
    for (const cls of this.handClasses)
      if (this.cards[cls]!.length > 0) return { cls, table: false };
    return null;
  }

  /** What a combination brings: 128 per hand card, and its most cards of one original. */
  private gain(combo: Classes): number {
    let fromHand = 0;
    let most = 0;
    for (let i = 0; i < combo.length; i++) {
      const o = this.originOf(combo[i]!);
      if (o === this.hand) fromHand++;
      else if (o < this.hand) {
        let same = 0;
        for (let j = 0; j < combo.length; j++) if (this.originOf(combo[j]!) === o) same++;
        most = Math.max(most, same);
      }
    }
    return PLACED_WEIGHT * fromHand + most;
  }

  /**
   * The most the cards left can bring (see the class comment); -Infinity when a table card
   * fits nowhere. Exact when above `above`; otherwise an upper bound, at most `above`.
   */
  private future(above = -Infinity): number {
    // The cheap bound first: most calls end here, before the set of cards left is even named.
    const ceiling = this.ceiling();
    if (ceiling <= above) return ceiling;
    const key = this.key();
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const bound = this.upper.get(key) ?? Infinity;
    if (bound <= above) return bound;
    this.spend();
    const next = this.next();
    let best = next === null ? 0 : -Infinity;
    if (next !== null) {
      for (const combo of this.combinationsWith(next.cls)) {
        const taken = this.take(combo);
        const gain = this.gain(combo);
        best = Math.max(best, gain + this.future(Math.max(above, best) - gain));
        this.restore(combo, taken);
      }
      if (!next.table)
        best = Math.max(
          best,
          this.skipping(next.cls, () => this.future(Math.max(above, best))),
        );
    }
    if (best > above) this.memo.set(key, best);
    else this.upper.set(key, best);
    return best;
  }

  /** What the cards left could bring at most: 128 per placeable hand card, one per table card. */
  private ceiling(): number {
    let most = 0;
    for (const cls of this.present) {
      const left = this.cards[cls]!.length;
      if (this.originOf(cls) < this.hand) most += left;
      else if (left > 0 && this.placeable[cls] && this.fits(cls)) most += PLACED_WEIGHT * left;
    }
    return most;
  }

  /**
   * Whether a card of hand class `cls` could still be in a combination of the cards left: a
   * set (two other suits of its rank, a joker standing for one) or a run (two neighbours of its
   * suit within two ranks, a joker for one; round the corner too, so never too strict).
   */
  private fits(cls: number): boolean {
    if (this.isJokerClass(cls)) return true;
    const left = this.kindLeft;
    const kind = Math.floor(cls / this.origins);
    const rank = kind % 13;
    const base = kind - rank;
    const joker = left[JOKER_KIND]! > 0 ? 1 : 0;
    let suits = joker;
    for (let k = rank; k < JOKER_KIND; k += 13) if (k !== kind && left[k]! > 0) suits++;
    if (suits >= 2) return true;
    // Ranks two and one below, one and two above, round the corner.
    const below2 = left[base + ((rank + 11) % 13)]! > 0 ? 0 : 1;
    const below1 = left[base + ((rank + 12) % 13)]! > 0 ? 0 : 1;
    const above1 = left[base + ((rank + 1) % 13)]! > 0 ? 0 : 1;
    const above2 = left[base + ((rank + 2) % 13)]! > 0 ? 0 : 1;
    return below2 + below1 <= joker || below1 + above1 <= joker || above1 + above2 <= joker;
  }

  /** The cards left as a short string: each class's count (0–4, three bits), five to a character. */
  private key(): string {
    const codes = this.codes;
    codes.fill(0);
    for (let i = 0; i < this.present.length; i++)
      codes[Math.floor(i / 5)]! |= this.cards[this.present[i]!]!.length << (3 * (i % 5));
    return String.fromCharCode(...codes);
  }

  /** `then` with a card of hand class `cls` kept in the hand: out of the pool, no later combination takes it. */
  private skipping<T>(cls: number, then: () => T): T {
    const card = this.cards[cls]!.pop()!;
    const kind = Math.floor(cls / this.origins);
    this.kindLeft[kind]!--;
    const result = then();
    this.kindLeft[kind]!++;
    this.cards[cls]!.push(card);
    return result;
  }

  /** The table's cards, combination by combination, best future first; `kept` at most what they keep. */
  private search(placed: number, kept: number): void {
    this.spend();
    const next = this.next();
    if (next === null || !next.table) {
      // Only hand cards left: what they bring no longer depends on the table's.
      const match = matchMelds(this.original, this.chosen);
      const past = PLACED_WEIGHT * placed + keptCards(this.original, this.chosen, match);
      const value = past + this.future(this.bestValue - past);
      if (value > this.bestValue) {
        this.bestValue = value;
        this.best = [...this.chosen.map((m) => [...m]), ...this.handCombinations()];
      }
      return;
    }
    const past = PLACED_WEIGHT * placed + kept;
    const options = this.combinationsWith(next.cls).map((combo) => {
      const taken = this.take(combo);
      const gain = this.gain(combo);
      // An option that cannot beat the best so far only needs a bound: it is not taken.
      const bound = gain + this.future(this.bestValue - past - gain);
      this.restore(combo, taken);
      return { combo, bound };
    });
    options.sort((a, b) => b.bound - a.bound);
    for (const { combo, bound } of options) {
      if (past + bound <= this.bestValue) break;
      const taken = this.take(combo);
      const gain = this.gain(combo);
      const fromHand = Math.floor(gain / PLACED_WEIGHT);
      this.search(placed + fromHand, kept + gain - PLACED_WEIGHT * fromHand);
      this.restore(combo, taken);
    }
  }

  /** The combinations of hand and face-up cards that `future` found best, rebuilt from its memo. */
  private handCombinations(): CardId[][] {
    const next = this.next();
    if (next === null) return [];
    const goal = this.future();
    for (const combo of this.combinationsWith(next.cls)) {
      const taken = this.take(combo);
      const found = this.gain(combo) + this.future() === goal;
      const rest = found ? this.handCombinations() : [];
      this.restore(combo, taken);
      if (found) return [taken, ...rest];
    }
    return this.skipping(next.cls, () => this.handCombinations());
  }

  private take(combo: Classes): CardId[] {
    const taken = combo.map((cls) => {
      this.kindLeft[Math.floor(cls / this.origins)]!--;
      return this.cards[cls]!.pop()!;
    });
    this.chosen.push(taken);
    return taken;
  }

  private restore(combo: Classes, taken: CardId[]): void {
    this.chosen.pop();
    combo.forEach((cls, i) => {
      this.kindLeft[Math.floor(cls / this.origins)]!++;
      this.cards[cls]!.push(taken[i]!);
    });
  }

  /** Every combination of the cards left holding a card of class `cls`, each once. */
  private combinationsWith(cls: number): Classes[] {
    const out: Classes[] = [];
    if (!this.isJokerClass(cls)) {
      this.around(cls, null, out);
      return out;
    }
    // A joker goes with at least two real cards: each real card left anchors its
    // combinations, so each is found once per real card it holds.
    for (let kind = 0; kind < JOKER_KIND; kind++)
      for (const real of this.classesOf[kind]!)
        if (this.cards[real]!.length > 0) this.around(real, cls, out);
    const once = new Map<string, Classes>();
    for (const combo of out) once.set([...combo].sort((a, b) => a - b).join(","), combo);
    return [...once.values()];
  }

  /** The classes of `kind` with a card left (for a real kind), or the jokers' (JOKER_KIND). */
  private available(kind: number): number[] {
    const out: number[] = [];
    for (const c of this.classesOf[kind]!) if (this.cards[c]!.length > 0) out.push(c);
    return out;
  }

  /**
   * Sets and runs holding class `anchor` (a real card), with joker class `joker`
   * in them (or any joker class or none, when null), added to `out`.
   */
  private around(anchor: number, joker: number | null, out: Classes[]): void {
    const kind = Math.floor(anchor / this.origins);
    const rank = kind % 13;
    const suit = Math.floor(kind / 13);
    const jokers = joker === null ? this.available(JOKER_KIND) : [joker];
    this.sets(rank, suit, 0, [anchor], joker === null ? [-1, ...jokers] : jokers, out);
    for (const [low, high] of this.anchorSpans(rank + 1)) {
      const downs = this.stretches(suit, rank, -1, -low, jokers);
      const ups = this.stretches(suit, rank, 1, high, jokers);
      for (const down of downs)
        for (const up of ups) {
          const length = 1 + down.classes.length + up.classes.length;
          if (length < 3 || length > MAX_RUN) continue;
          if (down.joker >= 0 && up.joker >= 0) continue;
          const used = Math.max(down.joker, up.joker);
          if (joker !== null && used !== joker) continue;
          // A joker at the low end could as well stand at the high end: one of the two.
          if (down.jokerAtEnd && up.classes.length < high) continue;
          out.push([...down.classes, anchor, ...up.classes]);
        }
    }
  }

  /** Sets: one card or none of each suit from `s` on (the anchor's suit aside), then the joker or none. */
  private sets(
    rank: number,
    suit: number,
    s: number,
    combo: Classes,
    jokers: readonly number[],
    out: Classes[],
  ): void {
    if (s === 4) {
      for (const j of jokers) {
        const size = combo.length + (j < 0 ? 0 : 1);
        if (size >= 3 && size <= 4) out.push(j < 0 ? combo : [...combo, j]);
      }
      return;
    }
    this.sets(rank, suit, s + 1, combo, jokers, out);
    if (s !== suit)
      for (const c of this.available(s * 13 + rank))
        this.sets(rank, suit, s + 1, [...combo, c], jokers, out);
  }

  /** How far a run may reach below and above a card of this rank (1–13), per place it may take. */
  private anchorSpans(rank: number): [number, number][] {
    if (this.ace === "corner") return [[-(MAX_RUN - 1), MAX_RUN - 1]];
    if (this.ace === "low") return [[1 - rank, 13 - rank]];
    // The Ace low (1) or high (14).
    return rank === 1
      ? [
          [0, 13],
          [-13, 0],
        ]
      : [[1 - rank, 14 - rank]];
  }

  /** The stretches from the anchor's rank one way (step ±1), up to `limit` ranks away. */
  private stretches(
    suit: number,
    rank: number,
    step: number,
    limit: number,
    jokers: readonly number[],
  ): Stretch[] {
    const out: Stretch[] = [{ classes: [], joker: -1, jokerAtEnd: false }];
    for (let at = 0; at < out.length; at++) {
      const { classes, joker } = out[at]!;
      const d = classes.length + 1;
      if (d > limit || d >= MAX_RUN) continue;
      const kind = suit * 13 + ((((rank + step * d) % 13) + 13) % 13);
      for (const c of this.available(kind))
        out.push({ classes: grown(classes, c, step), joker, jokerAtEnd: false });
      if (joker < 0)
        for (const j of jokers)
          out.push({ classes: grown(classes, j, step), joker: j, jokerAtEnd: true });
    }
    return out;
  }
}
