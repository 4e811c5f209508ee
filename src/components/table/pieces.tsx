"use client";

// The two building blocks of every gesture: a card you can pick up (drag it, or
// select it with a click, a tap or Enter) and a place you can put it (drop on it,
// or click/Enter it while a card is selected).

import { useDraggable, useDroppable } from "@dnd-kit/core";
import type { KeyboardEvent, ReactNode } from "react";
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
}: {
  source: Source;
  look: CardLook;
  label: string;
  disabled?: boolean;
  onSelect: (source: Source) => void;
  /** Extra keys (arranging the hand with the arrow keys). */
  onKey?: (event: KeyboardEvent) => boolean;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: sourceId(source),
    disabled,
  });
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      aria-label={label}
      aria-pressed={look.selected ?? false}
      aria-disabled={disabled}
      data-testid={sourceId(source)}
      className={`touch-none rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 ${
        isDragging ? "opacity-30" : ""
      } ${disabled ? "cursor-not-allowed" : "cursor-grab"}`}
      onClick={(e) => {
        e.stopPropagation();
        if (!disabled) onSelect(source);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          e.stopPropagation();
          if (!disabled) onSelect(source);
          return;
        }
        if (onKey?.(e)) {
          e.preventDefault();
          return;
        }
        listeners?.onKeyDown?.(e);
      }}
    >
      <CardFace card={Number(source.card)} look={look} />
    </button>
  );
}

export function DropZone({
  dest,
  label,
  active,
  refuses = false,
  onChoose,
  className,
  children,
}: {
  dest: Destination;
  label: string;
  /** A card is selected, so this zone is a target for click and Enter. */
  active: boolean;
  /** The card being dragged can never go here: the zone does not light up or take it. */
  refuses?: boolean;
  onChoose: (dest: Destination) => void;
  className: string;
  children?: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: destinationId(dest), disabled: refuses });
  return (
    <div
      ref={setNodeRef}
      role="group"
      aria-label={label}
      data-testid={`drop-${destinationId(dest)}`}
      tabIndex={active ? 0 : -1}
      className={`${className} ${isOver ? "ring-2 ring-emerald-500" : ""} ${
        active ? "cursor-pointer outline-dashed outline-1 outline-emerald-600/50" : ""
      }`}
      onClick={() => active && onChoose(dest)}
      onKeyDown={(e) => {
        if (active && e.key === "Enter" && e.target === e.currentTarget) {
          e.preventDefault();
          onChoose(dest);
        }
      }}
    >
      {children}
    </div>
  );
}
