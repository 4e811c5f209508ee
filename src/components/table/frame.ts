"use client";

// What the Machiavelox and classic tables share around their cards: the frame that
// covers the page, the drag sensors and where a drop lands, the notices and the sounds.

import {
  type CollisionDetection,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { playSound, type SoundName } from "./sounds";
import type { Toast } from "./toasts";

/**
 * Where the finger or pointer is decides the drop; the keyboard sensor has no pointer, so it
 * uses the card's rectangle. Run on every pointer move: each place's rectangle is read once
 * here, as plain numbers, because dnd-kit's rectangles read their scrolling areas' offsets
 * again at every side asked for, which costs more than the rest of the search.
 */
export const dropTarget: CollisionDetection = (args) => {
  const rects: typeof args.droppableRects = new Map();
  for (const [id, rect] of args.droppableRects) {
    const { top, left, width, height } = rect;
    rects.set(id, { top, left, width, height, bottom: top + height, right: left + width });
  }
  const plain = { ...args, droppableRects: rects };
  const within = pointerWithin(plain);
  return within.length > 0 ? within : rectIntersection(plain);
};

/** Mouse, finger (after a short hold, so the page can still be swiped) and keyboard. */
export function useTableSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      keyboardCodes: { start: ["Space"], cancel: ["Escape"], end: ["Space"] },
    }),
  );
}

/**
 * The frame covers the page: the page behind it must not scroll (a phone's header can be
 * wider than the screen).
 */
export function useCoveredPage(): void {
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = before;
    };
  }, []);
}

/** The sounds, unless the player muted them. */
export function useSound(muted: boolean): (name: SoundName) => void {
  const mutedRef = useRef(muted);
  mutedRef.current = muted;
  return useCallback((name: SoundName) => {
    if (!mutedRef.current) playSound(name);
  }, []);
}

/** The notices on screen: each leaves after its kind's time; `keep` is how many stay at most. */
export function useToasts(durations: Record<Toast["kind"], number>, keep: number) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const seq = useRef(0);
  const toast = useCallback(
    (kind: Toast["kind"], text: string) => {
      const id = ++seq.current;
      // The same notice twice in a row (a take, then the drop of the same drag) shows once.
      setToasts((list) =>
        list.some((x) => x.kind === kind && x.text === text)
          ? list
          : [...list.slice(1 - keep), { id, kind, text }],
      );
      setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), durations[kind]);
    },
    [durations, keep],
  );
  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((x) => x.id !== id)),
    [],
  );
  return { toasts, toast, dismiss };
}
