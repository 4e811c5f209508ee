// Seeded Tahiti positions (classic §8) for the exact search of
// src/solver/tahiti.ts, and the same optimum as an integer programme for
// HiGHS: the programme of solver-ilp.ts with one more kind, the joker (four
// alike, at most one per meld), and face-up cards usable at no gain.

import { type CardId, CARD_COUNT, CLASSIC_MELDS, mulberry32 } from "@/engine";
import {
  applyClassic,
  checkCombination,
  FIRST_JOKER,
  JOKERS,
  newClassicGame,
} from "@/engine/classic";
import type { TableMeld } from "../src/solver";
import { allMelds } from "../src/solver/bound";
import { programmeText } from "./solver-ilp";
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
  return programmeText({ table, own, faceUp }, tahitiMelds(), kindOf);
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
