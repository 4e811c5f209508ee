"use client";

// The gestures both tables share: a card is picked up by a drag, or selected by a click, a tap
// or Enter and then sent by choosing where it goes (another card, a place); a hand card dropped
// on the hand arranges it; Escape lets go of the selection, "d" draws. Each table says what its
// cards and places are and what a drop plays; this is the plumbing between.

import type { DragEndEvent, DragStartEvent } from "@dnd-kit/core";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CardId } from "@/engine";
import { arrange, type HandSort, nudge, orderHand } from "./hand-order";

/** A card picked up: where from, and which. */
type Picked = { from: string; card: CardId };
/** Where it goes; `before` arranges the hand. */
type Spot = { to: string; before?: CardId };

export interface GestureRules<S extends Picked, D extends Spot> {
  /** The hand's cards in any order; the player's sort puts them in order. */
  cards: readonly CardId[];
  /** How "suit" and "rank" compare cards, when not the deck's usual way. */
  sorts?: Parameters<typeof orderHand>[3];
  parseSource: (id: string) => S | null;
  parseDestination: (id: string) => D | null;
  /** A card tapped while `selected` is: where that sends the selected card, if anywhere. */
  targetOf: (selected: S, tapped: S) => D | null;
  /** Plays a card picked up to where it goes (never a hand card onto the hand). */
  play: (source: S, dest: D) => void;
  /** A card is picked up: `dragged` by a drag, else selected. */
  pickUp?: (source: S, dragged: boolean) => void;
  /** A card picked up is put down without going anywhere. */
  putDown?: (source: S) => void;
  /** What the "d" key does, when drawing is allowed. */
  draw: (() => void) | null;
}

export function useGestures<S extends Picked, D extends Spot>(rules: GestureRules<S, D>) {
  const [selected, setSelected] = useState<S | null>(null);
  const [dragging, setDragging] = useState<S | null>(null);
  const [sort, setSort] = useState<HandSort>("suit");
  const [arranged, setArranged] = useState<CardId[]>([]);
  // The callbacks run on events, after the render that gave them the latest rules.
  const latest = useRef(rules);
  latest.current = rules;

  const { cards, sorts } = rules;
  const hand = useMemo(
    () => orderHand(cards, sort, arranged, sorts),
    [cards, sort, arranged, sorts],
  );

  const drop = useCallback(
    (source: S, dest: D) => {
      if (source.from === "hand" && dest.to === "hand") {
        if (dest.before !== undefined) {
          setArranged(arrange(hand, source.card, dest.before));
          setSort("manual");
        }
        return;
      }
      latest.current.play(source, dest);
    },
    [hand],
  );

  const choose = useCallback(
    (dest: D) => {
      if (!selected) return;
      setSelected(null);
      drop(selected, dest);
    },
    [selected, drop],
  );

  /** Click, tap or Enter on a card: select it, or make it the target of the selected one. */
  const select = useCallback(
    (source: S) => {
      const { targetOf, pickUp, putDown } = latest.current;
      if (selected && selected.card === source.card) {
        setSelected(null);
        putDown?.(source);
        return;
      }
      if (selected) {
        const dest = targetOf(selected, source);
        if (dest) return choose(dest);
        putDown?.(selected);
      }
      setSelected(source);
      pickUp?.(source, false);
    },
    [selected, choose],
  );

  const nudgeCard = useCallback(
    (card: CardId, step: -1 | 1) => {
      setArranged(nudge(hand, card, step));
      setSort("manual");
    },
    [hand],
  );

  // Escape lets go of the selection; "d" draws.
  const canDraw = rules.draw !== null;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && selected) {
        latest.current.putDown?.(selected);
        setSelected(null);
      }
      const typing =
        e.target instanceof HTMLElement &&
        ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName);
      if (e.key === "d" && !typing && !e.ctrlKey && !e.metaKey && canDraw) latest.current.draw?.();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [selected, canDraw]);

  /** dnd-kit's handlers: a drag picks the card up, a drop plays it, elsewhere puts it down. */
  const dnd = {
    onDragStart: ({ active }: DragStartEvent) => {
      const source = latest.current.parseSource(String(active.id));
      if (!source) return;
      setSelected(null);
      setDragging(source);
      latest.current.pickUp?.(source, true);
    },
    onDragEnd: ({ active, over }: DragEndEvent) => {
      setDragging(null);
      const source = latest.current.parseSource(String(active.id));
      const dest = over ? latest.current.parseDestination(String(over.id)) : null;
      if (!source) return;
      if (dest) drop(source, dest);
      else latest.current.putDown?.(source);
    },
    onDragCancel: () => {
      if (dragging) latest.current.putDown?.(dragging);
      setDragging(null);
    },
  };

  return {
    selected,
    setSelected,
    dragging,
    hand,
    sort,
    setSort,
    nudgeCard,
    select,
    choose,
    dnd,
  };
}
