// The same optimum as an integer programme, for HiGHS: how many of each
// possible meld to build (two decks: up to two), which own cards to use, and
// which new meld continues which old one. Objective: 128 per own card placed
// plus one per table card kept in its matched meld (docs/solver.md).

import { type CardId } from "@/engine";
import { allMelds, kindOf, PLACED_WEIGHT } from "../src/solver/bound";
import type { Position } from "./solver-positions";

export function integerProgramme({ rules, table, own }: Position): string {
  const count = new Map<number, { table: number; own: number }>();
  const bump = (card: CardId, key: "table" | "own") => {
    const entry = count.get(kindOf(card)) ?? { table: 0, own: 0 };
    entry[key]++;
    count.set(kindOf(card), entry);
  };
  for (const meld of table) for (const c of meld.cards) bump(c, "table");
  for (const c of own) bump(c, "own");
  const have = (kind: number) => (count.get(kind)?.table ?? 0) + (count.get(kind)?.own ?? 0);
  const melds = allMelds(rules).filter((kinds) => kinds.every((k) => have(k) > 0));
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
    bounds.push(`0 <= x${c} <= ${Math.min(...kinds.map(have), 2)}`);
    generals.push(`x${c}`);
    if (matchesOf[c]!.length > 0) rows.push(`used${c}: ${matchesOf[c]!.join(" + ")} - x${c} <= 0`);
  });
  for (const [kind, { table: onTable, own: mine }] of count) {
    const terms = melds.flatMap((kinds, c) => (kinds.includes(kind) ? [`x${c}`] : []));
    if (mine > 0) {
      objective.push(`${PLACED_WEIGHT} y${kind}`);
      bounds.push(`0 <= y${kind} <= ${mine}`);
      generals.push(`y${kind}`);
      terms.push(`- y${kind}`);
    }
    rows.push(
      `kind${kind}: ${terms.length > 0 ? terms.join(" + ").replaceAll("+ -", "-") : "0 x0"} = ${onTable}`,
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
