// Compact builders for classic engine tests: hands and tables as card literals
// ("7H 7D 7S", "JK" a joker), times in seconds.

import type { CardId } from "@/engine/cards";
import {
  applyClassic,
  type ClassicCommand,
  type ClassicEvent,
  type ClassicOptions,
  type ClassicRejection,
  type ClassicState,
  classicCopiesNamed,
  classicName,
  newClassicGame,
} from "@/engine/classic";
import type { Seat } from "@/engine/state";

/**
 * Resolves literals across every list of one game, so "7H" in a hand and "7H" on
 * the table are the two copies, and each "JK" the next joker.
 */
export function resolver(): (literal: string) => CardId[] {
  const taken = new Set<CardId>();
  return (literal) =>
    literal
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((text) => {
        const card = classicCopiesNamed(text).find((c) => !taken.has(c));
        if (card === undefined) throw new Error(`not a card, or no copy left: ${text}`);
        taken.add(card);
        return card;
      });
}

export function game(spec: {
  hands: string[];
  stock?: string;
  table?: string[];
  faceUp?: string;
  turn?: Seat;
  opened?: Seat[];
  options?: Partial<ClassicOptions>;
  totals?: number[];
}): ClassicState {
  const resolve = resolver();
  const created = newClassicGame({
    players: spec.hands.length,
    now: 0,
    options: { target: null, ...spec.options },
    totals: spec.totals,
    setup: {
      hands: spec.hands.map(resolve),
      table: (spec.table ?? []).map(resolve),
      faceUp: resolve(spec.faceUp ?? ""),
      stock: resolve(spec.stock ?? ""),
      turn: spec.turn,
      opened: spec.opened,
    },
  });
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

/** Cards by name in a state, for commands: the copy on the table or in the hand given. */
export function card(state: ClassicState, name: string, where: "table" | Seat | "faceUp"): CardId {
  const place =
    where === "table"
      ? state.table.flatMap((c) => c.cards)
      : where === "faceUp"
        ? state.faceUp
        : state.hands[where]!;
  const found = classicCopiesNamed(name).find((c) => place.includes(c));
  if (found === undefined) throw new Error(`no ${name} in ${String(where)}`);
  return found;
}

/** A whole new table from literals: each name is the table's copy if it has one, else the mover's. */
export function newTable(state: ClassicState, ...combinations: string[]): CardId[][] {
  const onTable = state.table.flatMap((c) => c.cards);
  const own = [...state.hands[state.turn]!, ...state.faceUp];
  const used = new Set<CardId>();
  return combinations.map((literal) =>
    literal
      .split(/\s+/)
      .filter(Boolean)
      .map((name) => {
        const copies = classicCopiesNamed(name).filter((c) => !used.has(c));
        const found =
          copies.find((c) => onTable.includes(c)) ??
          copies.find((c) => own.includes(c)) ??
          copies[0]!;
        used.add(found);
        return found;
      }),
  );
}

export function act(
  state: ClassicState,
  seat: Seat,
  command: ClassicCommand,
  at = state.now / 1000,
): { state: ClassicState; events: ClassicEvent[] } {
  const result = applyClassic(state, seat, command, Math.round(at * 1000));
  if (!result.ok)
    throw new Error(`${JSON.stringify(command)} rejected: ${result.rejection.reason}`);
  return result;
}

export function refused(
  state: ClassicState,
  seat: Seat,
  command: unknown,
  at = state.now / 1000,
): ClassicRejection {
  const result = applyClassic(state, seat, command, Math.round(at * 1000));
  if (result.ok) throw new Error(`${JSON.stringify(command)} was accepted`);
  return result.rejection;
}

/** Names, sorted, for comparing hands. */
export function names(cards: readonly CardId[]): string {
  return cards.map(classicName).sort().join(" ");
}

/** The table as sorted literals, one per combination. */
export function tableOf(state: ClassicState): string[] {
  return state.table.map((c) => names(c.cards));
}
