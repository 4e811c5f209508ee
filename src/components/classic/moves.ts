// The classic table's gestures and news, pure: one mapping from "this card, put
// there" to the engine's command (drag, tap-tap and keyboard alike), the drag ids
// dnd-kit carries, the hand's orders, and what the events say happened.

import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import { type CardId, compareByRank, rankOf, suitOf, type Seat } from "@/engine";
import {
  compareClassic,
  isJoker,
  type ClassicEvent,
  type ClassicCommand,
  type CombinationId,
  type ClassicView,
} from "@/engine/classic";
import type { Translator } from "@/i18n/types";
import { dragWords } from "@/components/table/announcements";

/** Where a picked card comes from: the hand, Tahiti's face-up cards, a combination. */
export type ClassicSource =
  | { from: "hand"; card: CardId }
  | { from: "faceUp"; card: CardId }
  | { from: "table"; card: CardId; combination: CombinationId };

/** Where it is dropped; `before` arranges the hand, `onto` is the table card it landed on. */
export type ClassicDestination =
  | { to: "hand"; before?: CardId }
  | { to: "combination"; combination: CombinationId; onto?: CardId }
  | { to: "new" };

/**
 * The commands a drop sends, in order; none when it means nothing (a card put back where
 * it was). The engine judges the rest and answers with its reason. A hand card dropped on
 * a joker of the table is Tahiti's swap: the card goes in, the joker to a new space, from
 * where the player moves it on.
 */
export function commandsFor(source: ClassicSource, dest: ClassicDestination): ClassicCommand[] {
  if (dest.to === "hand") {
    return source.from === "table" ? [{ do: "takeBack", card: source.card }] : [];
  }
  const to = dest.to === "new" ? ("new" as const) : dest.combination;
  if (source.from === "table") {
    return to === source.combination ? [] : [{ do: "move", card: source.card, to }];
  }
  const put: ClassicCommand = { do: "put", card: source.card, to };
  if (dest.to === "combination" && dest.onto !== undefined && isJoker(dest.onto))
    return [put, { do: "move", card: dest.onto, to: "new" }];
  return [put];
}

export function sourceId(source: ClassicSource): string {
  return source.from === "table"
    ? `table:${source.card}:${source.combination}`
    : `${source.from}:${source.card}`;
}

export function destinationId(dest: ClassicDestination): string {
  if (dest.to === "combination")
    return dest.onto === undefined
      ? `combination:${dest.combination}`
      : `combination:${dest.combination}:${dest.onto}`;
  return dest.to === "hand" && dest.before !== undefined ? `hand:${dest.before}` : dest.to;
}

const whole = (part: string | undefined) =>
  part !== undefined && /^\d+$/.test(part) ? Number(part) : null;

export function parseSource(id: string): ClassicSource | null {
  const [from, a, b] = id.split(":");
  const card = whole(a);
  if (card === null) return null;
  if ((from === "hand" || from === "faceUp") && b === undefined) return { from, card };
  const combination = whole(b);
  return from === "table" && combination !== null ? { from, card, combination } : null;
}

export function parseDestination(id: string): ClassicDestination | null {
  if (id === "hand" || id === "new") return { to: id };
  const [to, a, b] = id.split(":");
  const n = whole(a);
  if (n === null) return null;
  if (to === "hand" && b === undefined) return { to, before: n };
  if (to !== "combination") return null;
  if (b === undefined) return { to, combination: n };
  const onto = whole(b);
  return onto === null ? null : { to, combination: n, onto };
}

/** The hand's two sorts for the classic deck: jokers last. */
export const CLASSIC_SORTS = {
  suit: compareClassic,
  rank: (a: CardId, b: CardId) =>
    isJoker(a) || isJoker(b) ? compareClassic(a, b) : compareByRank(a, b),
};

/** What the buttons may do now, for the player at `seat` (null: watching). */
export interface ClassicAllowed {
  draw: boolean;
  pass: boolean;
  undo: boolean;
  reset: boolean;
  end: boolean;
  ready: boolean;
}

export function classicAllowed(view: ClassicView): ClassicAllowed {
  const me = view.you?.seat ?? null;
  const mine = me !== null && view.turn === me;
  const working = mine && view.work !== null && view.work.seat === me;
  const quiet = mine && !working;
  return {
    draw: quiet && !view.drewFirst && view.stockCount > 0,
    pass: quiet && (view.drewFirst || view.stockCount === 0),
    undo: working,
    reset: working,
    end: working && (view.work?.fromHand.length ?? 0) > 0,
    ready: me !== null && view.phase === "between" && !(view.pause?.ready[me] ?? true),
  };
}

/** A failed move as everyone sees it: who, why, how many penalty cards they drew. */
export interface FailedMove {
  seat: Seat;
  reason: string;
  penalty: number;
  /** The event's id: each failure is shown once. */
  id: number;
}

/** The failed moves among the events, each with the penalty draws that follow it. */
export function failedMoves(events: readonly ClassicEvent[]): FailedMove[] {
  const found: FailedMove[] = [];
  for (const e of events) {
    if (e.type === "failed") found.push({ seat: e.seat, reason: e.reason, penalty: 0, id: e.id });
    else if (e.type === "drew" && e.cause === "penalty") {
      const last = found.at(-1);
      if (last && last.seat === e.seat) last.penalty++;
    }
  }
  return found;
}

/** The round's lines for the end-of-round dialog: best first (fewest penalty points). */
export function roundLines(view: ClassicView): {
  seat: Seat;
  penalty: number;
  total: number;
  winner: boolean;
}[] {
  const round = view.lastRound;
  if (!round) return [];
  return view.seats
    .map((s) => ({
      seat: s.seat,
      penalty: round.scores[s.seat] ?? 0,
      total: s.total,
      winner: round.winner === s.seat || (round.draw?.includes(s.seat) ?? false),
    }))
    .sort((a, b) => a.total - b.total || a.penalty - b.penalty || a.seat - b.seat);
}

/** A card's name for people and screen readers: "Queen of hearts", "Joker". */
export function classicCardName(t: Translator, card: CardId): string {
  return isJoker(card)
    ? t("classic.joker")
    : t("card.name", { rank: rankOf(card), suit: suitOf(card) });
}

/** What dnd-kit reads out while a card is dragged: names and places, never drag ids. */
export function classicAnnouncements(
  t: Translator,
  numberOf: (combination: CombinationId) => number,
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const card = (id: string | number) => {
    const source = parseSource(String(id));
    return source ? classicCardName(t, source.card) : "";
  };
  const place = (id: string | number | undefined) => {
    const dest = id === undefined ? null : parseDestination(String(id));
    if (!dest) return t("dnd.places.nowhere");
    return dest.to === "combination"
      ? t("classic.dnd.places.combination", { n: numberOf(dest.combination) })
      : t(`classic.dnd.places.${dest.to}`);
  };
  return dragWords(t, t("classic.dnd.instructions"), card, place);
}
