// Seeded Tahiti positions (classic §8) for the exact search of
// src/solver/tahiti.ts, and the same optimum as an integer programme for
// HiGHS: the programme of solver-ilp.ts with one more kind, the joker (four
// alike, at most one per meld), and face-up cards usable at no gain.

import { type CardId, CARD_COUNT } from "../src/engine/cards";
import { applyClassic, newClassicGame } from "../src/engine/classic";
import { FIRST_JOKER, JOKERS } from "../src/engine/classic/cards";
import { checkCombination } from "../src/engine/classic/combinations";
import { CLASSIC_MELDS } from "../src/engine/melds";
import { mulberry32 } from "../src/engine/rng";
import type { TableMeld } from "../src/solver";
import { allMelds, PLACED_WEIGHT } from "../src/solver/bound";
import { randomPosition } from "./solver-positions";

export interface TahitiPosition {
  table: TableMeld[];
  own: CardId[];
  faceUp: CardId[];
}

const JOKER_KIND = 52;
const kindOf = (card: CardId) => (card >= FIRST_JOKER ? JOKER_KIND : card % 52);

/**
 * Position n of seed `seed`: a classic position (tables of `table` cards,
 * hands of 3–10), then each joker replaces a table card (its combination
 * holding none yet), joins the hand, lies face up or stays in the stock, and
 * 0–4 other cards lie face up.
 */
export function tahitiPosition(n: number, seed: number, table: [number, number]): TahitiPosition {
  const base = randomPosition(CLASSIC_MELDS, seed * 7919 + n, { table, hand: [3, 10] });
  const random = mulberry32(seed * 104_729 + n);
  const melds = base.table.map((m) => ({ id: m.id, cards: [...m.cards] }));
  const own = [...base.own];
  const faceUp: CardId[] = [];
  for (let j = 0; j < JOKERS; j++) {
    const joker = FIRST_JOKER + j;
    const where = random();
    if (where < 0.4 && melds.length > 0) {
      const meld = melds[Math.floor(random() * melds.length)]!;
      if (meld.cards.some((c) => c >= FIRST_JOKER)) continue;
      const at = Math.floor(random() * meld.cards.length);
      const cards = meld.cards.map((c, i) => (i === at ? joker : c));
      if (checkCombination(cards, "low-or-high").ok) meld.cards = cards;
    } else if (where < 0.65) own.push(joker);
    else if (where < 0.8) faceUp.push(joker);
  }
  const used = new Set([...melds.flatMap((m) => m.cards), ...own, ...faceUp]);
  const rest = Array.from({ length: CARD_COUNT }, (_, i) => i).filter((c) => !used.has(c));
  for (let k = Math.floor(random() * 5) - faceUp.length; k > 0; k--)
    faceUp.push(rest.splice(Math.floor(random() * rest.length), 1)[0]!);
  return { table: melds, own, faceUp };
}

/** Every possible meld as kinds: the classic ones, and each with one card a joker. */
function tahitiMelds(): (readonly number[])[] {
  const found = new Map<string, readonly number[]>();
  for (const kinds of allMelds(CLASSIC_MELDS)) {
    found.set(kinds.join(","), kinds);
    const isSet = kinds.every((k) => k % 13 === kinds[0]! % 13);
    kinds.forEach((_, i) => {
      const withJoker = [...kinds.filter((__, j) => j !== i), JOKER_KIND];
      found.set(withJoker.join(","), withJoker);
    });
    // A set of three real cards and a joker: four cards.
    if (isSet && kinds.length === 3)
      found.set([...kinds, JOKER_KIND].join(","), [...kinds, JOKER_KIND]);
  }
  return [...found.values()];
}

/** The integer programme in CPLEX LP format: 128 per hand card placed + 1 per table card kept. */
export function tahitiProgramme({ table, own, faceUp }: TahitiPosition): string {
  const count = new Map<number, { table: number; own: number; faceUp: number }>();
  const bump = (card: CardId, key: "table" | "own" | "faceUp") => {
    const entry = count.get(kindOf(card)) ?? { table: 0, own: 0, faceUp: 0 };
    entry[key]++;
    count.set(kindOf(card), entry);
  };
  for (const meld of table) for (const c of meld.cards) bump(c, "table");
  for (const c of own) bump(c, "own");
  for (const c of faceUp) bump(c, "faceUp");
  const have = (kind: number) => {
    const entry = count.get(kind);
    return entry ? entry.table + entry.own + entry.faceUp : 0;
  };
  const melds = tahitiMelds().filter((kinds) => kinds.every((k) => have(k) > 0));
  const objective: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  const generals: string[] = [];
  const binaries: string[] = [];
  const matchesOf = melds.map(() => [] as string[]);
  table.forEach((original, m) => {
    const kinds = new Set(original.cards.map(kindOf));
    const terms: string[] = [];
    melds.forEach((kindsOfMeld, c) => {
      const shared = kindsOfMeld.filter((k) => kinds.has(k)).length;
      if (shared === 0) return;
      const z = `z${m}_${c}`;
      objective.push(`${shared} ${z}`);
      terms.push(z);
      matchesOf[c]!.push(z);
      binaries.push(z);
    });
    if (terms.length > 0) rows.push(`match${m}: ${terms.join(" + ")} <= 1`);
  });
  melds.forEach((kinds, c) => {
    bounds.push(
      `0 <= x${c} <= ${Math.min(...kinds.map((k) => (k === JOKER_KIND ? 4 : have(k))), 2)}`,
    );
    generals.push(`x${c}`);
    if (matchesOf[c]!.length > 0) rows.push(`used${c}: ${matchesOf[c]!.join(" + ")} - x${c} <= 0`);
  });
  for (const [kind, entry] of count) {
    const terms = melds.flatMap((kinds, c) => (kinds.includes(kind) ? [`x${c}`] : []));
    for (const [key, weight] of [
      ["own", PLACED_WEIGHT],
      ["faceUp", 0],
    ] as const) {
      if (entry[key] === 0) continue;
      const v = `${key === "own" ? "y" : "f"}${kind}`;
      if (weight > 0) objective.push(`${weight} ${v}`);
      bounds.push(`0 <= ${v} <= ${entry[key]}`);
      generals.push(v);
      terms.push(`- ${v}`);
    }
    rows.push(
      `kind${kind}: ${terms.length > 0 ? terms.join(" + ").replaceAll("+ -", "-") : "0 x0"} = ${entry.table}`,
    );
  }
  return [
    "Maximize",
    ` obj: ${objective.length > 0 ? objective.join(" + ") : "0 x0"}`,
    "Subject To",
    ...rows.map((r) => ` ${r}`),
    "Bounds",
    ...bounds.map((b) => ` ${b}`),
    "Generals",
    ` ${generals.join(" ")}`,
    ...(binaries.length > 0 ? ["Binaries", ` ${binaries.join(" ")}`] : []),
    "End",
  ].join("\n");
}

/** Whether the engine lets the hand play the answer's table as one turn (ok when nothing is placed). */
export function standsInEngine(
  position: TahitiPosition,
  target: CardId[][],
  placed: number,
): boolean {
  if (placed === 0) return true;
  const created = newClassicGame({
    players: 2,
    now: 0,
    options: { variants: ["tahiti"] },
    setup: {
      hands: [position.own, []],
      stock: [],
      table: position.table.map((m) => m.cards),
      faceUp: position.faceUp,
    },
  });
  if (!created.ok) throw new Error(created.error);
  const result = applyClassic(created.state, 0, { do: "turn", table: target }, 1);
  return result.ok && !result.events.some((e) => e.type === "failed");
}
