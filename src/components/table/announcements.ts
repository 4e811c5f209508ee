// What dnd-kit reads out to screen readers while a card is dragged: card names and
// places in the reader's language, never the internal drag ids.

import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import { rankOf, suitOf } from "@/engine";
import type { Messages } from "@/i18n/messages";
import { parseDestination, parseSource } from "./actions";

/** `numberOf` turns the engine's meld id into the number the player sees on the table. */
export function dragAnnouncements(
  t: Messages,
  numberOf: (meld: number) => number = (meld) => meld,
): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const card = (id: string | number) => {
    const source = parseSource(String(id));
    return source ? t.card.name(rankOf(source.card), suitOf(source.card)) : "";
  };
  const place = (id: string | number | undefined) => {
    const dest = id === undefined ? null : parseDestination(String(id));
    if (!dest) return t.dnd.places.nowhere;
    return dest.to === "meld" ? t.dnd.places.meld(numberOf(dest.meld)) : t.dnd.places[dest.to];
  };
  return {
    screenReaderInstructions: { draggable: t.dnd.instructions },
    announcements: {
      onDragStart: ({ active }) => t.dnd.picked(card(active.id)),
      onDragOver: ({ active, over }) => t.dnd.over(card(active.id), place(over?.id)),
      onDragEnd: ({ active, over }) => t.dnd.dropped(card(active.id), place(over?.id)),
      onDragCancel: ({ active }) => t.dnd.cancelled(card(active.id)),
    },
  };
}
