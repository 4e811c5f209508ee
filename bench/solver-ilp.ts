// The same optimum as an integer programme, for HiGHS: how many of each
// possible meld to build (two decks: up to two), which own cards to use, and
// which new meld continues which old one. Objective: 128 per own card placed
// plus one per table card kept in its matched meld (docs/solver.md); face-up
// cards (Tahiti) may be used at no gain.

import { type CardId } from "@/engine";
import { allMelds, kindOf, PLACED_WEIGHT } from "../src/solver/bound";
import type { Position } from "./solver-positions";

export function integerProgramme({ rules, table, own }: Position): string {
  return programmeText({ table, own, faceUp: [] }, allMelds(rules), kindOf);
}

/** How many cards of a kind the table, the hand and the face-up cards hold. */
interface KindCount {
  table: number;
  own: number;
  faceUp: number;
}

/**
 * The programme for the possible melds given as kinds (`kind` gives a card's):
 * each built 0–2 times, own cards placed at 128, face-up cards at no gain.
 */
export function programmeText(
  { table, own, faceUp }: Pick<Position, "table" | "own"> & { faceUp: readonly CardId[] },
  possible: readonly (readonly number[])[],
  kind: (card: CardId) => number,
): string {
  const count = new Map<number, KindCount>();
  const bump = (card: CardId, key: keyof KindCount) => {
    const entry = count.get(kind(card)) ?? { table: 0, own: 0, faceUp: 0 };
    entry[key]++;
    count.set(kind(card), entry);
  };
  for (const meld of table) for (const c of meld.cards) bump(c, "table");
  for (const c of own) bump(c, "own");
  for (const c of faceUp) bump(c, "faceUp");
  const have = (k: number) => {
    const entry = count.get(k);
    return entry ? entry.table + entry.own + entry.faceUp : 0;
  };
  const melds = possible.filter((kinds) => kinds.every((k) => have(k) > 0));
  const objective: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  const generals: string[] = [];
  const binaries: string[] = [];
  const matchesOf = melds.map(() => [] as string[]);
  table.forEach((original, m) => {
    const kinds = new Set(original.cards.map(kind));
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
    bounds.push(`0 <= x${c} <= ${Math.min(...kinds.map(have), 2)}`);
    generals.push(`x${c}`);
    if (matchesOf[c]!.length > 0) rows.push(`used${c}: ${matchesOf[c]!.join(" + ")} - x${c} <= 0`);
  });
  for (const [k, entry] of count) {
    const terms = melds.flatMap((kinds, c) => (kinds.includes(k) ? [`x${c}`] : []));
    if (entry.own > 0) {
      objective.push(`${PLACED_WEIGHT} y${k}`);
      bounds.push(`0 <= y${k} <= ${entry.own}`);
      generals.push(`y${k}`);
      terms.push(`- y${k}`);
    }
    if (entry.faceUp > 0) {
      bounds.push(`0 <= f${k} <= ${entry.faceUp}`);
      generals.push(`f${k}`);
      terms.push(`- f${k}`);
    }
    rows.push(
      `kind${k}: ${terms.length > 0 ? terms.join(" + ").replaceAll("+ -", "-") : "0 x0"} = ${entry.table}`,
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
    "Binaries",
    ` ${binaries.join(" ")}`,
    "End",
  ].join("\n");
}
