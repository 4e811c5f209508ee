"use client";

// The two building blocks of every gesture: a card you can pick up (drag it, or
// select it with a click, a tap or Enter) and a place you can put it (drop on it,
// or click/Enter it while a card is selected).

import { useDraggable, useDroppable } from "@dnd-kit/core";
import { type KeyboardEvent, type ReactNode, useState } from "react";
import { type CardId, type Seat } from "@/engine";
import { type Destination, destinationId, type Source, sourceId } from "./actions";
import { CardFace, type CardLook } from "./card";
import type { HintMarks } from "./hint";

/** What every part of the table needs to draw cards and turn gestures into moves. */
export interface TableUi {
  selected: Source | null;
  /** The card being dragged, if any. */
  dragging: Source | null;
  pendingCards: Set<CardId>;
  refusedCard: CardId | null;
  fourColour: boolean;
  nameOf: (seat: Seat) => string;
  onSelect: (source: Source) => void;
  onChoose: (dest: Destination) => void;
  /** What the Hint marks, while it shows a placement. */
  hint: HintMarks | null;
}

/**
 * One Tab stop per group of cards (the hand, the staging area, a meld): the arrow keys move
 * along it. The stop is the card last focused there, else the first.
 */
export function useRoving(cards: readonly CardId[]) {
  const [current, setCurrent] = useState<CardId | null>(null);
  const stop = current !== null && cards.includes(current) ? current : cards[0];
  return { isStop: (card: CardId) => card === stop, onFocus: setCurrent };
}

/** Moves the focus to the previous or next card of the group the event's card is in. */
function roveFrom(event: KeyboardEvent, step: -1 | 1): void {
  const group = event.currentTarget.closest("[data-roving]");
  const items = [...(group?.querySelectorAll<HTMLElement>("[data-roving-item]") ?? [])];
  items[items.indexOf(event.currentTarget as HTMLElement) + step]?.focus();
}

/** How one of the player's own cards looks: selected, waiting for the server, refused. */
export function ownCardLook(ui: TableUi, from: Source["from"], card: CardId): CardLook {
  return {
    fourColour: ui.fourColour,
    selected: ui.selected?.from === from && ui.selected.card === card,
    pending: ui.pendingCards.has(card),
    refused: ui.refusedCard === card,
    hinted: ui.hint?.cards.has(card) ?? false,
  };
}

export function PickableCard({
  source,
  look,
  label,
  disabled,
  onSelect,
  onKey,
  roving,
}: {
  source: Source;
  look: CardLook;
  label: string;
  disabled?: boolean;
  onSelect: (source: Source) => void;
  /** Its group's single Tab stop (see useRoving). */
  roving?: ReturnType<typeof useRoving>;
  /** Extra keys (arranging the hand with the arrow keys). */
  onKey?: (event: KeyboardEvent) => boolean;
}) {
  return (
    <Pickable
      dragId={sourceId(source)}
      label={label}
      pressed={look.selected ?? false}
      disabled={disabled}
      onPick={() => onSelect(source)}
      onKey={onKey}
      tabStop={!roving || roving.isStop(source.card)}
      onFocus={() => roving?.onFocus(source.card)}
    >
      <CardFace card={Number(source.card)} look={look} />
    </Pickable>
  );
}

/** Any card a gesture can pick up, by its drag id (the classic table has its own places). */
export function Pickable({
  dragId,
  label,
  pressed,
  disabled,
  onPick,
  onKey,
  tabStop = true,
  onFocus,
  children,
}: {
  dragId: string;
  label: string;
  pressed: boolean;
  disabled?: boolean;
  onPick: () => void;
  onKey?: (event: KeyboardEvent) => boolean;
  /** Whether Tab stops here (false: another card of its group is the group's stop). */
  tabStop?: boolean;
  onFocus?: () => void;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: dragId,
    disabled,
  });
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      aria-label={label}
      aria-pressed={pressed}
      aria-disabled={disabled}
      data-testid={dragId}
      data-roving-item
      tabIndex={tabStop ? 0 : -1}
      onFocus={onFocus}
      className={`touch-none rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 ${
        isDragging ? "opacity-30" : ""
      } ${disabled ? "cursor-not-allowed" : "cursor-grab"}`}
      onClick={(e) => {
        e.stopPropagation();
        if (!disabled) onPick();
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          e.stopPropagation();
          if (!disabled) onPick();
          return;
        }
        if (onKey?.(e)) {
          e.preventDefault();
          return;
        }
        // While dnd-kit carries the card, the arrows are its own.
        const arrow = { ArrowLeft: -1, ArrowRight: 1 }[e.key] as -1 | 1 | undefined;
        if (arrow && !isDragging && !e.altKey) {
          e.preventDefault();
          roveFrom(e, arrow);
          return;
        }
        listeners?.onKeyDown?.(e);
      }}
    >
      {children}
    </button>
  );
}

export function DropZone({
  dest,
  ...rest
}: {
  dest: Destination;
  label: string;
  /** A card is selected, so this zone is a target for click and Enter. */
  active: boolean;
  /** The rules allow the card in hand or fingers here: the zone lights up. */
  lit?: boolean;
  /** Holds a group of cards with one Tab stop (see useRoving). */
  group?: boolean;
  /** The card being dragged can never go here: the zone does not light up or take it. */
  refuses?: boolean;
  onChoose: (dest: Destination) => void;
  className: string;
  children?: ReactNode;
}) {
  return <Droppable dropId={destinationId(dest)} {...rest} onChoose={() => rest.onChoose(dest)} />;
}

/** Any place a card can be put, by its drop id. */
export function Droppable({
  dropId,
  label,
  active,
  refuses = false,
  lit = false,
  group = false,
  onChoose,
  className,
  children,
}: {
  dropId: string;
  label: string;
  active: boolean;
  lit?: boolean;
  group?: boolean;
  refuses?: boolean;
  onChoose: () => void;
  className: string;
  children?: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: dropId, disabled: refuses });
  return (
    <div
      ref={setNodeRef}
      role="group"
      aria-label={label}
      data-testid={`drop-${dropId}`}
      data-lit={lit || undefined}
      data-roving={group || undefined}
      tabIndex={active ? 0 : -1}
      className={`${className} ${isOver ? "ring-2 ring-emerald-500" : ""} ${
        lit ? "shadow-[0_0_0_3px_rgba(16,185,129,0.55)]" : ""
      } ${active ? "cursor-pointer outline-dashed outline-1 outline-emerald-600/50" : ""}`}
      onClick={() => active && onChoose()}
      onKeyDown={(e) => {
        if (active && e.key === "Enter" && e.target === e.currentTarget) {
          e.preventDefault();
          onChoose();
        }
      }}
    >
      {children}
    </div>
  );
}
