// Immediate feedback: the table the player sees is the server's last view with
// their own commands still in flight applied on top. When the server answers,
// the command leaves the queue — accepted ones are replaced by the server's view,
// refused ones simply vanish, which is the visible rollback.

import {
  type CardId,
  type Command,
  type MeldId,
  type Seat,
  type HandView,
  type MeldView,
  type TableCardView,
} from "@/engine";

export interface PendingCommand {
  /** Local sequence number; a free space it opens shows as meld -id until the server names it. */
  id: number;
  command: Command;
  /**
   * A draw's stock count as the player saw it when drawing. A draw reveals no card, so this is
   * how a view tells it has the draw already: its stock is below this count.
   */
  stockBefore?: number;
}

/** A command about to be sent, from the view the player acted on (optimistic guesses included). */
export function pendingCommand(shown: HandView, id: number, command: Command): PendingCommand {
  return command.do === "draw" && shown.you
    ? { id, command, stockBefore: shown.you.stockCount }
    : { id, command };
}

export interface OptimisticView {
  view: HandView;
  /** Cards moved by commands the server has not answered yet (drawn dimmed). */
  pendingCards: Set<CardId>;
}

export function withPending(view: HandView, pending: readonly PendingCommand[]): OptimisticView {
  const pendingCards = new Set<CardId>();
  let shown = view;
  for (const { id, command, stockBefore } of pending) {
    // The seat's stream often brings the draw before the server answers it: counted once.
    if (stockBefore !== undefined && (shown.you?.stockCount ?? 0) < stockBefore) continue;
    const next = applyOptimistic(shown, command, -id);
    if (next === shown) continue;
    shown = next;
    if ("card" in command) pendingCards.add(command.card);
    if (command.do === "lay")
      for (const c of command.cards ?? view.you?.staging ?? []) pendingCards.add(c);
  }
  return { view: shown, pendingCards };
}

/**
 * The view as it will most likely be once the server accepts `command` from
 * this seat. Commands whose outcome only the server knows (a draw's card, an
 * end's judgement) change nothing here. Returns the same object when nothing
 * changes, so callers can tell.
 */
export function applyOptimistic(view: HandView, command: Command, newMeldId: MeldId): HandView {
  const you = view.you;
  if (!you) return view;
  const seat = you.seat;
  switch (command.do) {
    case "draw":
      if (you.stockCount === 0) return view;
      return withSeat({ ...view, you: { ...you, stockCount: you.stockCount - 1 } }, seat, (s) => ({
        ...s,
        stockCount: s.stockCount - 1,
        handCount: s.handCount + 1,
      }));
    case "stage":
      if (!you.hand.includes(command.card)) return view;
      return withStaging(view, without(you.hand, command.card), [...you.staging, command.card]);
    case "unstage":
      if (!you.staging.includes(command.card)) return view;
      return withStaging(view, [...you.hand, command.card], without(you.staging, command.card));
    case "add": {
      if (!you.hand.includes(command.card) || command.meld === "new") return view;
      const table = putCard(view.table, command.card, command.meld, seat);
      if (!table) return view;
      return { ...withStaging(view, without(you.hand, command.card), you.staging), table };
    }
    case "place": {
      if (!you.staging.includes(command.card)) return view;
      const to = command.to === "new" ? newMeldId : command.to;
      const table = putCard(withMeld(view.table, to, command.to === "new"), command.card, to, seat);
      if (!table) return view;
      return { ...withStaging(view, you.hand, without(you.staging, command.card)), table };
    }
    case "lay": {
      const cards = command.cards ?? you.staging;
      if (cards.length === 0 || cards.some((c) => !you.staging.includes(c))) return view;
      const meld: MeldView = {
        id: newMeldId,
        cards: cards.map((card) => onTrial(card, seat)),
        valid: true,
        openPlays: [seat],
        notYetSafe: false,
      };
      const staging = you.staging.filter((c) => !cards.includes(c));
      return { ...withStaging(view, you.hand, staging), table: [...view.table, meld] };
    }
    case "take": {
      const table = mapCard(view.table, command.card, (c) =>
        c.heldBy === null ? { ...c, heldBy: seat } : c,
      );
      return withSeat({ ...view, table }, seat, (s) => ({ ...s, holding: command.card }));
    }
    case "move": {
      const to = command.to === "new" ? newMeldId : command.to;
      const from = view.table.find((m) => m.id === command.from);
      if (!from?.cards.some((c) => c.card === command.card)) return view;
      const lifted = view.table.map((m) =>
        m === from ? { ...m, cards: m.cards.filter((c) => c.card !== command.card) } : m,
      );
      const table = putCard(withMeld(lifted, to, command.to === "new"), command.card, to, seat);
      if (!table) return view;
      return withSeat({ ...view, table: table.filter((m) => m.cards.length > 0) }, seat, (s) => ({
        ...s,
        holding: null,
      }));
    }
    default:
      return view;
  }
}

function without(list: readonly CardId[], card: CardId): CardId[] {
  return list.filter((c) => c !== card);
}

function onTrial(card: CardId, seat: Seat): TableCardView {
  return { card, onTrialFor: seat, heldBy: null, reservedFor: null };
}

function withSeat(
  view: HandView,
  seat: Seat,
  change: (s: HandView["seats"][number]) => HandView["seats"][number],
): HandView {
  return { ...view, seats: view.seats.map((s) => (s.seat === seat ? change(s) : s)) };
}

function withStaging(view: HandView, hand: CardId[], staging: CardId[]): HandView {
  const you = view.you!;
  return withSeat({ ...view, you: { ...you, hand, staging } }, you.seat, (s) => ({
    ...s,
    handCount: hand.length,
    staging,
  }));
}

function withMeld(table: MeldView[], id: MeldId, create: boolean): MeldView[] {
  if (!create) return table;
  return [...table, { id, cards: [], valid: false, openPlays: [], notYetSafe: false }];
}

/** The card appended to the meld, on trial for the seat; null when the meld is gone. */
function putCard(table: MeldView[], card: CardId, meld: MeldId, seat: Seat): MeldView[] | null {
  if (!table.some((m) => m.id === meld)) return null;
  return table.map((m) =>
    m.id === meld
      ? {
          ...m,
          cards: [...m.cards, onTrial(card, seat)],
          openPlays: m.openPlays.includes(seat) ? m.openPlays : [...m.openPlays, seat],
        }
      : m,
  );
}

function mapCard(
  table: MeldView[],
  card: CardId,
  change: (c: TableCardView) => TableCardView,
): MeldView[] {
  return table.map((m) =>
    m.cards.some((c) => c.card === card)
      ? { ...m, cards: m.cards.map((c) => (c.card === card ? change(c) : c)) }
      : m,
  );
}
