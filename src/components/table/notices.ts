// Notices in the reader's language: what a chain undo took back and which play
// caused it (§5.5), and short card names for toasts.

import {
  type CardId,
  RANK_NAMES,
  suitOf,
  type EngineEvent,
  type EventBody,
  type HandView,
  type Seat,
} from "@/engine";
import type { Translator } from "@/i18n/types";

export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" } as const;

/** "7♣", "10♥": the same for both copies, as on the card's corner. */
export function shortName(card: CardId): string {
  return `${RANK_NAMES[card % 13]}${SUIT_SYMBOLS[suitOf(card)]}`;
}

export type UndoEvent = Extract<EventBody, { type: "undone" }>;

export function describeUndo(
  t: Translator,
  event: UndoEvent,
  nameOf: (seat: Seat) => string,
): string {
  const own = event.cause.play === event.play;
  const who = nameOf(event.cause.seat);
  const where = (c: UndoEvent["cards"][number]) => {
    if (typeof c.to === "number") return t("notices.toMeld", { id: c.to });
    // A card someone else brought to the table goes back to them, not to the player told.
    if (c.seat !== event.seat)
      return c.to === "hand"
        ? t("notices.toHandOf", { who: nameOf(c.seat) })
        : t("notices.toStagingOf", { who: nameOf(c.seat) });
    return c.to === "hand" ? t("notices.toHand") : t("notices.toStaging");
  };
  const moves = event.cards
    .map((c) => t("notices.back", { card: shortName(c.card), where: where(c) }))
    .join(", ");
  const because = t(`notices.because.${event.cause.kind}`, { who, own: String(own) });
  return t("notices.undoText", {
    scope: t("notices.scope", { open: String(event.wasOpen) }),
    moves,
    because,
  });
}

/** The notices among new events that are addressed to this seat. */
export function undoNoticesFor(
  events: readonly EngineEvent[],
  seat: Seat,
): (EngineEvent & UndoEvent)[] {
  return events.filter((e): e is EngineEvent & UndoEvent => e.type === "undone" && e.seat === seat);
}

/** A line for the table's news: «Stop!», freezes, eliminations, leavings, going out. */
export function describeEvent(
  t: Translator,
  event: EventBody,
  nameOf: (seat: Seat) => string,
): string | null {
  switch (event.type) {
    case "stopCalled":
      return t("notices.stopped", { who: nameOf(event.seat) });
    case "freezeEnded":
      return t("notices.freezeEnded", { who: nameOf(event.seat) });
    case "eliminated":
      return t("notices.eliminated", { who: nameOf(event.seat) });
    case "left":
      return t("notices.left", {
        who: nameOf(event.seat),
        absent: String(event.reason === "absent"),
      });
    case "wentOut":
      return event.valid ? t("notices.wentOut", { who: nameOf(event.seat) }) : null;
    default:
      return null;
  }
}

/** What the player should know about the hand's state right now (§9, §10.2, §11), or null. */
export function situationOf(
  t: Translator,
  view: HandView,
  nameOf: (seat: Seat) => string,
): string | null {
  if (view.outcome) return null;
  const you = view.you?.seat ?? null;
  const me = you === null ? undefined : view.seats[you];
  if (me && me.status !== "playing") return t(`situation.gone.${me.status}`);
  if (view.freeze)
    return view.freeze.seat === you
      ? t("situation.yourFreeze")
      : t("situation.frozen", { who: nameOf(view.freeze.seat) });
  if (view.tiebreak)
    return you !== null && view.tiebreak.seats.includes(you)
      ? t("situation.tiebreak")
      : t("situation.watchingTiebreak");
  return null;
}
