// Compact builders for engine tests: hands and tables as card literals, times in seconds.

import { type CardId, cardName, cards } from "@/engine/cards";
import type { Command } from "@/engine/commands";
import { advance, apply } from "@/engine/engine";
import type { EngineEvent } from "@/engine/engine-events";
import { newHand } from "@/engine/setup";
import type { HandState, Seat } from "@/engine/state";

export const A = 0;
export const B = 1;
export const C = 2;

/** A hand from literals: `table` melds get ids 1, 2, 3…; a literal repeated across lists means the other copy. */
export function hand(spec: {
  hands?: string[];
  stocks?: string[];
  table?: string[];
  removed?: string;
  /** §8 conditions already met, per seat. */
  achieved?: { drawn?: boolean; laidMeld?: boolean }[];
  absent?: Seat[];
}): HandState {
  const used = new Map<CardId, number>();
  // Resolve literals across all lists so "7H" in a hand and "7H" on the table are two copies.
  const resolve = (literal: string) =>
    cards(literal).map((card) => {
      const copy = used.get(card) ?? 0;
      used.set(card, copy + 1);
      return card + copy * 52;
    });
  const created = newHand({
    now: 0,
    setup: {
      removed: resolve(spec.removed ?? ""),
      stocks: [0, 1, 2].map((s) => resolve(spec.stocks?.[s] ?? "")),
      hands: [0, 1, 2].map((s) => resolve(spec.hands?.[s] ?? "")),
      table: (spec.table ?? []).map(resolve),
      achieved: spec.achieved,
    },
    absent: spec.absent,
  });
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

/** Applies a command that must be accepted, at `at` seconds. */
export function play(state: HandState, seat: Seat, command: Command, at: number): HandState {
  return run(state, seat, command, at).state;
}

export function run(
  state: HandState,
  seat: Seat,
  command: Command,
  at: number,
): { state: HandState; events: EngineEvent[] } {
  const result = apply(state, seat, command, Math.round(at * 1000));
  if (!result.ok)
    throw new Error(`${JSON.stringify(command)} rejected: ${result.rejection.reason}`);
  return result;
}

/** The rejection a command must get. */
export function refusal(state: HandState, seat: unknown, command: unknown, at: number) {
  const result = apply(state, seat, command, Math.round(at * 1000));
  if (result.ok) throw new Error(`${JSON.stringify(command)} was accepted`);
  return result.rejection;
}

/** The table as literals, meld by meld, cards in numeric order mapped to names. */
export function tableOf(state: HandState): string[] {
  return state.table.map((m) => names(m.cards));
}

/** A multiset of cards as sorted names, for comparing with a literal. */
export function names(list: readonly CardId[]): string {
  return list.map(cardName).sort().join(" ");
}

/** A literal in the same form as names(). */
export function sorted(literal: string): string {
  return literal.split(/\s+/).filter(Boolean).sort().join(" ");
}

/** One copy of a named card: the first copy by default. */
export function card(literal: string, copy = 0): CardId {
  return cards(literal)[0]! + copy * 52;
}

/** Advances the clock to `at` seconds. */
export function tick(state: HandState, at: number): { state: HandState; events: EngineEvent[] } {
  return advance(state, Math.round(at * 1000));
}

/** The events of one type, narrowed. */
export function ofType<T extends EngineEvent["type"]>(
  events: readonly EngineEvent[],
  type: T,
): Extract<EngineEvent, { type: T }>[] {
  return events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);
}
