// Mostly-legal random play for property tests and the benchmark: a busy table
// (the first deck's 52 cards in runs) and commands drawn from what each seat can actually do,
// so random sequences reach deep states (plays with moves, holds, chains).

import { type CardId, CARDS_PER_DECK } from "@/engine/cards";
import type { Command } from "@/engine/commands";
import { couldBecomeMeld, MACHIAVELOX_MELDS } from "@/engine/melds";
import { mulberry32, shuffle } from "@/engine/rng";
import { newHand } from "@/engine/setup";
import type { HandState, Seat } from "@/engine/state";

/** Runs as [first, last) rank indexes (0 = Ace), past 13 through the Ace: one suit's share of the table. */
type Arcs = readonly (readonly [number, number])[];

/** A-3, 4-7, 8-10, J-K. */
const QUARTERS: Arcs = [
  [0, 3],
  [3, 7],
  [7, 10],
  [10, 13],
];

/** 2-J, the longest run kept whole (§3.1), and Q-K-A: any end card moved or added is at stake. */
export const TEN_AND_THREE: Arcs = [
  [1, 11],
  [11, 14],
];

/** Every card of the first deck on the table in runs of every suit (by default A-3, 4-7, 8-10, J-K); the second deck dealt. */
export function busyPosition(seed: number, handSize = 8, arcs = QUARTERS): HandState {
  const table: CardId[][] = [];
  for (let suit = 0; suit < 4; suit++)
    for (const [from, to] of arcs)
      table.push(Array.from({ length: to - from }, (_, i) => suit * 13 + ((from + i) % 13)));
  const second = shuffle(
    Array.from({ length: CARDS_PER_DECK }, (_, i) => CARDS_PER_DECK + i),
    mulberry32(seed),
  );
  const hands = [0, 1, 2].map((s) => second.slice(2 + s * handSize, 2 + (s + 1) * handSize));
  const rest = second.slice(2 + 3 * handSize);
  const stocks = [0, 1, 2].map((s) => rest.filter((_, i) => i % 3 === s));
  const created = newHand({ now: 0, setup: { removed: second.slice(0, 2), stocks, hands, table } });
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

export interface Choice {
  seat: number;
  kind: number;
  a: number;
  b: number;
  /** Milliseconds since the previous command. */
  dt: number;
}

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];

/** A meld the card could still fit, or any meld, or a free space. */
function targetFor(state: HandState, card: CardId, n: number, allowNew: boolean) {
  const fits = state.table.filter((m) =>
    couldBecomeMeld(MACHIAVELOX_MELDS, [...m.cards.filter((c) => c !== card), card]),
  );
  if (allowNew && n % 7 === 0) return "new" as const;
  return pick(fits, n)?.id ?? pick(state.table, n)?.id ?? (allowNew ? ("new" as const) : 1);
}

export function commandFor(state: HandState, choice: Choice): { seat: Seat; command: Command } {
  const seat = choice.seat % 3;
  const player = state.players[seat]!;
  const { a, b } = choice;
  const handCard = pick(player.hand, a);
  const stagedCard = pick(player.staging, a);
  const tableMeld = pick(state.table, a);
  const tableCard = player.hold?.card ?? (tableMeld ? pick(tableMeld.cards, b) : undefined);
  const from = state.table.find((m) => tableCard !== undefined && m.cards.includes(tableCard));
  const kinds: (Command | undefined)[] = [
    { do: "draw" },
    handCard === undefined ? undefined : { do: "stage", card: handCard },
    handCard === undefined ? undefined : { do: "stage", card: handCard },
    stagedCard === undefined ? undefined : { do: "unstage", card: stagedCard },
    player.staging.length >= 3 ? { do: "lay" } : undefined,
    handCard === undefined
      ? undefined
      : { do: "add", card: handCard, meld: targetFor(state, handCard, b, false) as number },
    handCard === undefined
      ? undefined
      : { do: "add", card: handCard, meld: targetFor(state, handCard, b, false) as number },
    tableCard === undefined || !from
      ? undefined
      : { do: "move", card: tableCard, from: from.id, to: targetFor(state, tableCard, b, true) },
    tableCard === undefined || !from
      ? undefined
      : { do: "move", card: tableCard, from: from.id, to: targetFor(state, tableCard, b, true) },
    tableCard === undefined || !from ? undefined : { do: "take", card: tableCard, meld: from.id },
    stagedCard === undefined
      ? undefined
      : { do: "place", card: stagedCard, to: targetFor(state, stagedCard, b, true) },
    stagedCard === undefined
      ? undefined
      : { do: "place", card: stagedCard, to: targetFor(state, stagedCard, b, true) },
    { do: "release" },
    { do: "end" },
    { do: "cancel" },
  ];
  const command = kinds[choice.kind % kinds.length] ?? { do: "draw" };
  return { seat, command };
}
