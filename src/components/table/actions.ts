// One mapping from "this card, put there" to the engine command, shared by drag
// and drop, tap-to-select and the keyboard, so every gesture means the same thing.

import { type CardId, type Command, type MeldId } from "@/engine";

/** Where a picked card comes from. */
export type Source =
  | { from: "hand"; card: CardId }
  | { from: "staging"; card: CardId }
  | { from: "table"; card: CardId; meld: MeldId };

/** Where it is dropped. */
export type Destination =
  /** `before`: the hand card it was dropped on, for arranging the hand by hand. */
  | { to: "hand"; before?: CardId }
  | { to: "staging" }
  | { to: "meld"; meld: MeldId }
  | { to: "new" };

/**
 * The command a drop sends, or null when the drop means nothing (a card put back
 * where it was). Drops the rules forbid still go to the server, which answers with
 * the reason: the client never second-guesses the rules.
 */
export function commandFor(source: Source, dest: Destination): Command | null {
  const target = dest.to === "meld" ? dest.meld : dest.to === "new" ? ("new" as const) : null;
  switch (source.from) {
    case "hand":
      if (dest.to === "staging") return { do: "stage", card: source.card };
      if (target === null) return null;
      return { do: "add", card: source.card, meld: target };
    case "staging":
      if (dest.to === "hand") return { do: "unstage", card: source.card };
      if (target === null) return null;
      return { do: "place", card: source.card, to: target };
    case "table":
      // A table card never goes back into a hand (§3.3): dropping it there lets go of it.
      if (target === null) return { do: "release" };
      if (target === source.meld) return null;
      return { do: "move", card: source.card, from: source.meld, to: target };
  }
}

/** Picking up a table card asks the server for the hold first (§6). */
export function pickUpCommand(source: Source): Command | null {
  return source.from === "table" ? { do: "take", card: source.card, meld: source.meld } : null;
}

/** Drag-and-drop ids: strings dnd-kit carries, parsed back without guessing. */
export function sourceId(source: Source): string {
  return source.from === "table"
    ? `table:${source.card}:${source.meld}`
    : `${source.from}:${source.card}`;
}

export function destinationId(dest: Destination): string {
  if (dest.to === "meld") return `meld:${dest.meld}`;
  if (dest.to === "hand" && dest.before !== undefined) return `hand:${dest.before}`;
  return dest.to;
}

export function parseSource(id: string): Source | null {
  const [from, card, meld] = id.split(":").map((part, i) => (i === 0 ? part : Number(part)));
  if (typeof card !== "number" || !Number.isInteger(card)) return null;
  if (from === "hand" || from === "staging") return { from, card };
  if (from === "table" && typeof meld === "number" && Number.isInteger(meld))
    return { from, card, meld };
  return null;
}

export function parseDestination(id: string): Destination | null {
  if (id === "hand" || id === "staging" || id === "new") return { to: id };
  const match = /^(meld|hand):(\d+)$/.exec(id);
  if (!match) return null;
  const n = Number(match[2]);
  return match[1] === "meld" ? { to: "meld", meld: n } : { to: "hand", before: n };
}
