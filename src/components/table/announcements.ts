// What dnd-kit reads out to screen readers while a card is dragged: card names and
// places in the reader's language, never the internal drag ids.

import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import { rankOf, suitOf } from "@/engine";
import type { Translator } from "@/i18n/types";
import { parseDestination, parseSource } from "./actions";

/** `numberOf` turns the engine's meld id into the number the player sees on the table. */
export function dragAnnouncements(
  t: Translator,
  numberOf: (meld: number) => number = (meld) => meld,
): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const card = (id: string | number) => {
    const source = parseSource(String(id));
    return source ? t("card.name", { rank: rankOf(source.card), suit: suitOf(source.card) }) : "";
  };
  const place = (id: string | number | undefined) => {
    const dest = id === undefined ? null : parseDestination(String(id));
    if (!dest) return t("dnd.places.nowhere");
    return dest.to === "meld"
      ? t("dnd.places.meld", { id: numberOf(dest.meld) })
      : t(`dnd.places.${dest.to}`);
  };
  return dragWords(t, t("dnd.instructions"), card, place);
}

/** The words of a drag for both tables, given how each names its cards and places. */
export function dragWords(
  t: Translator,
  instructions: string,
  card: (id: string | number) => string,
  place: (id: string | number | undefined) => string,
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  return {
    screenReaderInstructions: { draggable: instructions },
    announcements: {
      onDragStart: ({ active }) => t("dnd.picked", { card: card(active.id) }),
      onDragOver: ({ active, over }) =>
        t("dnd.over", { card: card(active.id), place: place(over?.id) }),
      onDragEnd: ({ active, over }) =>
        t("dnd.dropped", { card: card(active.id), place: place(over?.id) }),
      onDragCancel: ({ active }) => t("dnd.cancelled", { card: card(active.id) }),
    },
  };
}
