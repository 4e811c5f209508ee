import { describe, expect, it } from "vitest";
import fc from "fast-check";
import loadHighs from "highs";
import { type CardId, cardId, cardName, cards, type Suit } from "@/engine/cards";
import { CLASSIC_MELDS, isValidMeld, MACHIAVELOX_MELDS, type MeldRules } from "@/engine/melds";
import { mulberry32 } from "@/engine/rng";
import { type Hint, replayPlan, solveHint, type TableMeld } from "@/solver";
import { PLACED_WEIGHT } from "@/solver/bound";
import { integerProgramme } from "../../bench/solver-ilp";
import { benchPosition, type Position, randomPosition } from "../../bench/solver-positions";
import { bruteForce } from "./brute-force";

const BOTH = [MACHIAVELOX_MELDS, CLASSIC_MELDS];

function tableOf(...melds: string[]): TableMeld[] {
  const used = new Map<string, number>();
  // Repeated names across melds mean the other copy, as within one literal.
  return melds.map((literal, i) => ({
    id: i + 1,
    cards: literal.split(" ").map((name) => {
      const n = used.get(name) ?? 0;
      used.set(name, n + 1);
      return cards(
        Array(n + 1)
          .fill(name)
          .join(" "),
      )[n]!;
    }),
  }));
}

function hint(rules: MeldRules, table: TableMeld[], own: CardId[]): Hint {
  const result = solveHint({ rules, table, own });
  if (!result.ok) throw new Error(result.error.reason);
  return result.hint;
}

/** The solver's answer places as many cards and moves as few as the brute force's best. */
function expectOptimum(rules: MeldRules, table: TableMeld[], own: CardId[]) {
  const result = hint(rules, table, own);
  expect({ placed: result.placed.length, moved: result.moved }).toEqual(
    bruteForce(rules, table, own),
  );
}

const names = (melds: TableMeld[]) => melds.map((m) => m.cards.map(cardName).join(" ")).sort();

/** Replays the plan and checks it ends exactly at the promised target. */
function expectPlanReplays(rules: MeldRules, table: TableMeld[], own: CardId[], result: Hint) {
  const replay = replayPlan({ rules, table, hand: own }, result.plan);
  if (!replay.ok) throw new Error(`step ${replay.step}: ${replay.reason}`);
  const sorted = (melds: TableMeld[]) =>
    melds.map((m) => `${m.id}:${[...m.cards].sort((a, b) => a - b).join(",")}`).sort();
  expect(sorted(replay.table)).toEqual(sorted(result.target));
  for (const meld of replay.table) expect(isValidMeld(rules, meld.cards)).toBe(true);
  expect(replay.hand.length).toBe(own.length - result.placed.length);
}

describe("§5.3 the hint: the rules' own examples", () => {
  for (const rules of BOTH) {
    it(`§5.3 [${rules.id}] the K/Q/J sets become three runs to place the A♣`, () => {
      const table = tableOf("KH KD KC", "QH QD QC", "JH JD JC");
      const own = cards("AC");
      const result = hint(rules, table, own);
      expect(result.placed.map(cardName)).toEqual(["AC"]);
      expect(names(result.target)).toEqual(["JC QC KC AC", "JD QD KD", "JH QH KH"]);
      // Each run keeps one card of the set it continues: six cards move.
      expect(result.moved).toBe(6);
      expectPlanReplays(rules, table, own, result);
    });

    it(`§5.3 [${rules.id}] two 6-7-8-9 runs give up their nines to a 9♦`, () => {
      const table = tableOf("6H 7H 8H 9H", "6C 7C 8C 9C");
      const own = cards("9D");
      const result = hint(rules, table, own);
      expect(result.placed.map(cardName)).toEqual(["9D"]);
      expect(names(result.target)).toEqual(["6C 7C 8C", "6H 7H 8H", "9H 9D 9C"]);
      expect(result.moved).toBe(2);
      expectPlanReplays(rules, table, own, result);
    });

    it(`§5.3 [${rules.id}] the failed move: the 9♠ finds no place beside 10s, Js and Qs`, () => {
      const table = tableOf("10H 10D 10S", "JH JD JS", "QH QD QC");
      const result = hint(rules, table, cards("9S"));
      expect(result.placed).toEqual([]);
      expect(result.moved).toBe(0);
      expect(result.plan).toEqual([]);
    });

    it(`§5.2 [${rules.id}] a direct add needs no move and no declaration`, () => {
      const table = tableOf("5C 6C 7C");
      const own = cards("4C 8C 9C");
      const result = hint(rules, table, own);
      expect(result.placed.length).toBe(3);
      expect(result.moved).toBe(0);
      expect(result.plan.map((a) => a.do)).toEqual(["add", "add", "add"]);
      expectPlanReplays(rules, table, own, result);
    });

    it(`§5.1 [${rules.id}] own cards alone are laid as a new meld from the staging area`, () => {
      const table = tableOf("5C 6C 7C");
      const own = cards("QH QS QD");
      const result = hint(rules, table, own);
      expect(result.plan.map((a) => a.do)).toEqual(["stage", "stage", "stage", "lay"]);
      expect(result.target.find((m) => m.cards.length === 3 && m.id === 2)).toBeDefined();
      expectPlanReplays(rules, table, own, result);
    });
  }

  it("§3.1 Q♠ K♠ A♠ 2♠ 3♠ wraps through the Ace in Machiavelox only", () => {
    const table = tableOf("QS KS AS");
    const own = cards("2S 3S");
    const wraps = hint(MACHIAVELOX_MELDS, table, own);
    expect(names(wraps.target)).toEqual(["QS KS AS 2S 3S"]);
    expectPlanReplays(MACHIAVELOX_MELDS, table, own, wraps);
    expect(hint(CLASSIC_MELDS, table, own).placed).toEqual([]);
  });

  it("§3.1 a run through the Ace holds three ranks in a row: Q♠ K♠ A♠ in classic, never K♠ A♠ 2♠", () => {
    const table = tableOf("KS KH KD KC");
    const own = cards("QS AS 2S");
    const classic = hint(CLASSIC_MELDS, table, own);
    expect(names(classic.target)).toEqual(["KH KD KC", "QS KS AS"]);
    expectOptimum(CLASSIC_MELDS, table, own);
    expectPlanReplays(CLASSIC_MELDS, table, own, classic);
    const wraps = hint(MACHIAVELOX_MELDS, table, own);
    expect(names(wraps.target)).toEqual(["KH KD KC", "QS KS AS 2S"]);
    expectOptimum(MACHIAVELOX_MELDS, table, own);
  });

  it("§3.1 [classic] an Ace-high run grows by direct adds into a run of all thirteen ranks", () => {
    // Read A 2 … K, own cards sit between table cards: the adds must still go outwards.
    for (const [run, below] of [
      ["10D JD QD KD AD", "2D 3D 4D 5D 6D 7D 8D 9D"],
      ["6S 7S 8S 9S 10S JS QS KS AS", "2S 3S 4S 5S"],
      ["QH KH AH", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH"],
    ] as const) {
      const table = tableOf(run);
      const own = cards(below);
      const result = hint(CLASSIC_MELDS, table, own);
      expect(result.placed.length).toBe(own.length);
      expect(result.moved).toBe(0);
      expect(result.plan.every((a) => a.do === "add")).toBe(true);
      expectPlanReplays(CLASSIC_MELDS, table, own, result);
    }
  });

  it("§3.1 a run that would pass ten cards is split into two melds in Machiavelox", () => {
    const table = tableOf("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H");
    const own = cards("JH");
    const result = hint(MACHIAVELOX_MELDS, table, own);
    expect(result.placed.map(cardName)).toEqual(["JH"]);
    expect(result.target.every((m) => m.cards.length <= 10)).toBe(true);
    expect(result.moved).toBe(2);
    expectPlanReplays(MACHIAVELOX_MELDS, table, own, result);
  });

  it("§5.3 a table card moves only when it must: a set of four lends one card", () => {
    const table = tableOf("7S 7H 7D 7C", "8D 9D 10D");
    const own = cards("5S 6S");
    const result = hint(MACHIAVELOX_MELDS, table, own);
    expect(names(result.target)).toEqual(["5S 6S 7S", "7H 7D 7C", "8D 9D 10D"]);
    expect(result.moved).toBe(1);
    expectPlanReplays(MACHIAVELOX_MELDS, table, own, result);
  });

  it("§5.3 the cards of a run given up elsewhere count as moved once, under the last cap too", () => {
    // The last cap builds only the options within it: a card of a run already
    // matched to another meld is moving before its rank comes, and counting
    // it again there (found by a random search) cut the optimum's path.
    const table = tableOf("AS 2S 3S 4S 5S 6S", "AS AH AD AC", "KH KS KD KC", "KD KS KH");
    // The other 4♠: the run holds one.
    const own = [...cards("8S 5C JD JH QS"), cards("4S 4S")[1]!];
    const result = hint(MACHIAVELOX_MELDS, table, own);
    expect({ placed: result.placed.length, moved: result.moved }).toEqual({ placed: 2, moved: 3 });
    expectOptimum(MACHIAVELOX_MELDS, table, own);
    expectPlanReplays(MACHIAVELOX_MELDS, table, own, result);
  });
});

describe("§3.1 runs across the cut of the ranks' cycle", () => {
  // The programme opens a run across its cut only where three ranks in a
  // row round it hold the suit's cards (in classic, not with the Ace in the
  // middle). Benchmark positions where runs cross the cut, with the optima
  // HiGHS agrees with: a rule too strict there answered 52, 101, 232 and 427
  // wrongly or not at all.
  const optima: [number, { placed: number; moved: number }][] = [
    [52, { placed: 19, moved: 8 }],
    [101, { placed: 22, moved: 2 }],
    [232, { placed: 23, moved: 4 }],
    [237, { placed: 25, moved: 3 }],
    [427, { placed: 19, moved: 3 }],
  ];
  for (const [n, optimum] of optima)
    it(`bench position ${n} keeps its optimum: ${optimum.placed} placed, ${optimum.moved} moved`, () => {
      const { rules, table, own } = benchPosition(n);
      const result = hint(rules, table, own);
      expect({ placed: result.placed.length, moved: result.moved }).toEqual(optimum);
      expectPlanReplays(rules, table, own, result);
    });
});

describe("the hint when not every own card fits", () => {
  for (const rules of BOTH) {
    it(`§3.2 [${rules.id}] the second 7♣ has no place once the first completes the set`, () => {
      const table = tableOf("7H 7S 7D");
      const own = cards("7C 7C");
      const result = hint(rules, table, own);
      expect(result.placed.length).toBe(1);
      expect(result.moved).toBe(0);
      expectPlanReplays(rules, table, own, result);
    });
  }
});

describe("the hint refuses bad input with a typed error", () => {
  it("a card listed twice", () => {
    const table = tableOf("5C 6C 7C");
    const result = solveHint({ rules: MACHIAVELOX_MELDS, table, own: [table[0]!.cards[0]!] });
    expect(result.ok || result.error.code).toBe("duplicate-card");
  });

  it("an invalid meld on the table", () => {
    const result = solveHint({ rules: CLASSIC_MELDS, table: tableOf("KS AS 2S"), own: [] });
    expect(result.ok || result.error.code).toBe("invalid-meld");
  });

  it("a meld id used twice", () => {
    const [a, b] = tableOf("5C 6C 7C", "5H 6H 7H");
    const result = solveHint({ rules: CLASSIC_MELDS, table: [a!, { ...b!, id: 1 }], own: [] });
    expect(result.ok || result.error.code).toBe("bad-meld-id");
  });

  it("something that is not a card", () => {
    const result = solveHint({ rules: CLASSIC_MELDS, table: [], own: [104] });
    expect(result.ok || result.error.code).toBe("bad-card");
  });
});

describe("§3.1 two runs round the Ace that share two stretches", () => {
  // A run of nine or ten and an original run of one suit can overlap at both
  // ends round the Ace; the programme kept only one stretch where the new
  // run or the original crossed its cut without the other (found by
  // comparing with HiGHS on long runs of one suit, below).
  it("§3.1 K♥…8♥ keeps its K♥ and its 7♥ 8♥ once 7♥ 8♥ 9♥ lend theirs", () => {
    const table = tableOf("7H 8H 9H", "KH AH 2H 3H 4H 5H 6H 7H 8H");
    // The other 3♥ and 5♥: the run holds one of each.
    const own = [...cards("10H JH QH"), cards("3H 3H")[1]!, cards("5H 5H")[1]!];
    const result = hint(MACHIAVELOX_MELDS, table, own);
    expect({ placed: result.placed.length, moved: result.moved }).toEqual({ placed: 5, moved: 4 });
    expectOptimum(MACHIAVELOX_MELDS, table, own);
    expectPlanReplays(MACHIAVELOX_MELDS, table, own, result);
  });

  it("§3.1 A♥…10♥ and 8♥…A♥ become 8♥…4♥ and 6♥…A♥, moving three", () => {
    // The brute force agrees (36 s, too slow to run here), as does HiGHS.
    const table = tableOf("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", "8H 9H 10H JH QH KH AH");
    const own = ["4H", "QH", "6H", "JH", "KH"].map((name) => cards(`${name} ${name}`)[1]!);
    const result = hint(MACHIAVELOX_MELDS, table, own);
    expect({ placed: result.placed.length, moved: result.moved }).toEqual({ placed: 5, moved: 3 });
    expectPlanReplays(MACHIAVELOX_MELDS, table, own, result);
  });

  it("long runs of one or two suits equal the integer programme's optimum (HiGHS)", async () => {
    const highs = await loadHighs();
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom("H", "HS"), (seed, suits) => {
        const position = longRuns(seed, suits);
        const result = solveHint(position);
        if (!result.ok) throw new Error(result.error.reason);
        const tableCards = position.table.reduce((n, m) => n + m.cards.length, 0);
        const solution = highs.solve(integerProgramme(position), { output_flag: false });
        expect(result.hint.placed.length * PLACED_WEIGHT + tableCards - result.hint.moved).toBe(
          Math.round(solution.ObjectiveValue),
        );
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});

/** Two or three runs of six to ten cards of the given suits on the table, five of the rest (or all) in hand. */
function longRuns(seed: number, suits: string): Position {
  const random = mulberry32(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const free = new Set(
    [...suits].flatMap((suit) =>
      Array.from({ length: 26 }, (_, k) => cardId((k % 13) + 1, suit as Suit, k < 13 ? 0 : 1)),
    ),
  );
  const table: TableMeld[] = [];
  for (let k = 2 + pick(2); k > 0; k--) {
    const suit = suits[pick(suits.length)] as Suit;
    const [start, length] = [pick(13), 6 + pick(5)];
    const run: CardId[] = [];
    for (let j = 0; j < length; j++) {
      const rank = ((start + j) % 13) + 1;
      const card = [cardId(rank, suit, 0), cardId(rank, suit, 1)].find((c) => free.has(c));
      if (card === undefined) break;
      run.push(card);
    }
    if (run.length < 3) continue;
    for (const card of run) free.delete(card);
    table.push({ id: table.length + 1, cards: run });
  }
  const rest = [...free];
  const own = Array.from(
    { length: Math.min(5, rest.length) },
    () => rest.splice(pick(rest.length), 1)[0]!,
  );
  return { rules: MACHIAVELOX_MELDS, table, own };
}

describe("the hint's properties on random positions", () => {
  const small = (rules: MeldRules, seed: number, ranks?: readonly number[]) =>
    randomPosition(rules, seed, { table: [3, 10], hand: [1, 5], ranks });
  const denseRanks = fc.constantFrom(
    undefined,
    [12, 13, 1, 2],
    [11, 12, 13, 1, 2, 3],
    [6, 7, 8, 9],
  );

  it("the optimum equals a brute-force search: most cards placed, then fewest moved", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BOTH), fc.integer(), denseRanks, (rules, seed, ranks) => {
        const { table, own } = small(rules, seed, ranks);
        expectOptimum(rules, table, own);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it("dense positions round the cut, where layers drop states a freer one dominates, equal the brute force", () => {
    // Runs matched to a set (DONE), pieces matched within themselves and runs
    // taken by a set are common here, and so are their freer twins: dropping
    // the dominated states must leave the optimum as it is (states are
    // dropped in about one position in 40 of these).
    fc.assert(
      fc.property(
        fc.constantFrom(...BOTH),
        fc.integer(),
        fc.constantFrom([12, 13, 1, 2], [11, 12, 13, 1, 2], [13, 1, 2, 3]),
        (rules, seed, ranks) => {
          const { table, own } = randomPosition(rules, seed, {
            table: [8, 14],
            hand: [3, 6],
            ranks,
          });
          expectOptimum(rules, table, own);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it("caps searched one after another, each going on from the states of the one below, equal the brute force", () => {
    // Where the optimum moves cards and leaves own cards out, the caps below
    // it each find nothing, and each run keeps its states for the next: a
    // state it dropped for moving too much, or one that places more own cards
    // by a path the lower cap could not take, must still come back.
    let seen = 0;
    fc.assert(
      fc.property(fc.constantFrom(...BOTH), fc.integer(), denseRanks, (rules, seed, ranks) => {
        const { table, own } = randomPosition(rules, seed, { table: [8, 16], hand: [3, 7], ranks });
        const best = bruteForce(rules, table, own);
        fc.pre(best.moved >= 2);
        if (best.placed < own.length) seen++;
        expectOptimum(rules, table, own);
      }),
      { numRuns: 150 },
    );
    expect(seen).toBeGreaterThan(20);
  }, 60_000);

  it("over a small budget the answer is still the optimum, or too-complex", () => {
    // A budget of a few hundred states sends many positions through the caps
    // one by one and the narrowed search, whose answers must be exact all the
    // same: the same as with a budget that never binds here.
    let answered = 0;
    fc.assert(
      fc.property(fc.constantFrom(...BOTH), fc.integer(), denseRanks, (rules, seed, ranks) => {
        const { table, own } = randomPosition(rules, seed, {
          table: [10, 30],
          hand: [2, 8],
          ranks,
        });
        const result = solveHint({ rules, table, own, budget: 300 });
        if (!result.ok) {
          expect(result.error.code).toBe("too-complex");
          return;
        }
        answered++;
        const exact = hint(rules, table, own);
        expect({ placed: result.hint.placed.length, moved: result.hint.moved }).toEqual({
          placed: exact.placed.length,
          moved: exact.moved,
        });
        expectPlanReplays(rules, table, own, result.hint);
      }),
      { numRuns: 200 },
    );
    expect(answered).toBeGreaterThan(0);
  }, 60_000);

  it("the target keeps every table card in a valid meld and the plan replays to it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BOTH), fc.integer(), denseRanks, (rules, seed, ranks) => {
        const { table, own } = randomPosition(rules, seed, { table: [3, 25], hand: [1, 6], ranks });
        const result = solveHint({ rules, table, own, budget: 50_000 });
        fc.pre(result.ok);
        if (!result.ok) return;
        const after = new Set(result.hint.target.flatMap((m) => m.cards));
        for (const card of table.flatMap((m) => m.cards)) expect(after.has(card)).toBe(true);
        for (const meld of result.hint.target) expect(isValidMeld(rules, meld.cards)).toBe(true);
        expectPlanReplays(rules, table, own, result.hint);
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});
