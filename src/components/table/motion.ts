"use client";

// Moves you can see: after every change on the table each card is measured, and one that
// moved is drawn flying from where it was to where it is now (FLIP: a copy of its new look,
// on a fixed layer above the frame so no scrolling area clips it, sent back with one CSS
// transform). New cards come from where they were hidden (a draw from the stock, an add
// from an opponent's hand); cards that vanish fly to the seat whose hand took them back.

import { type RefObject, useLayoutEffect, useRef } from "react";
import { type CardId, type HandView } from "@/engine";

const DURATION_MS = 360;
/** A smaller shift (a selected card lifting, a toast pushing the table down) is no move. */
const MIN_SHIFT_PX = 12;

interface Seen {
  rect: DOMRect;
  element: Element;
  /** The seat panel it sat in (an opponent's staging area), if any. */
  seat: number | null;
  /** Its group (the hand, the staging area, a meld, a seat) and its place in it. */
  zone: string;
  index: number;
  /** The scrolling area it sat in, and that area's scroll then. */
  scroller: Element | null;
  scrolled: [number, number];
}

/** Which seats' hands grew and shrank between two views: where cards went and came from. */
export function handChanges(before: HandView, after: HandView) {
  const grew: number[] = [];
  const shrank: number[] = [];
  for (const seat of after.seats) {
    const was = before.seats[seat.seat]?.handCount ?? seat.handCount;
    if (seat.handCount > was) grew.push(seat.seat);
    if (seat.handCount < was) shrank.push(seat.seat);
  }
  const drew = (after.you?.stockCount ?? 0) < (before.you?.stockCount ?? 0);
  return { grew, shrank, drew };
}

function seatOf(element: Element): number | null {
  const seat = element.closest("[data-seat]")?.getAttribute("data-seat");
  return seat === undefined || seat === null ? null : Number(seat);
}

/** The group a card is drawn in: a seat's panel, or the drop zone holding its row of cards. */
function zoneOf(element: Element): string {
  const seat = seatOf(element);
  if (seat !== null) return `seat:${seat}`;
  const row = element.closest("[data-roving]");
  return row?.closest("[data-testid^='drop-']")?.getAttribute("data-testid") ?? "";
}

function measure(frame: Element): Map<CardId, Seen> {
  const seen = new Map<CardId, Seen>();
  const counts = new Map<string, number>();
  for (const element of frame.querySelectorAll("[data-card-id]")) {
    if (element.closest("[data-no-motion]")) continue;
    const card = Number(element.getAttribute("data-card-id"));
    if (seen.has(card)) continue;
    const scroller = element.closest("[data-scroller]");
    const zone = zoneOf(element);
    const index = counts.get(zone) ?? 0;
    counts.set(zone, index + 1);
    seen.set(card, {
      zone,
      index,
      rect: element.getBoundingClientRect(),
      element,
      seat: seatOf(element),
      scroller,
      scrolled: scroller ? [scroller.scrollLeft, scroller.scrollTop] : [0, 0],
    });
  }
  return seen;
}

/** Draws `look` (a card element) flying from `from` to `to`, then drops the copy. */
function fly(look: Element, from: DOMRect, to: DOMRect, hide: Element | null, fade = false) {
  const copy = look.cloneNode(true) as HTMLElement;
  copy.setAttribute("data-flying-card", look.getAttribute("data-card-id") ?? "");
  copy.setAttribute("aria-hidden", "true");
  Object.assign(copy.style, {
    position: "fixed",
    left: `${to.left}px`,
    top: `${to.top}px`,
    width: `${to.width}px`,
    height: `${to.height}px`,
    margin: "0",
    zIndex: "60",
    pointerEvents: "none",
    transformOrigin: "0 0",
    translate: "none",
  });
  document.body.appendChild(copy);
  const sx = from.width / to.width || 1;
  const sy = from.height / to.height || 1;
  const start = `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(${sx}, ${sy})`;
  if (hide instanceof HTMLElement) hide.style.visibility = "hidden";
  const animation = copy.animate(
    [
      { transform: start, opacity: fade ? 0.4 : 1 },
      { transform: "none", opacity: 1 },
    ],
    { duration: DURATION_MS, easing: "cubic-bezier(0.2, 0.8, 0.2, 1)" },
  );
  const done = () => {
    copy.remove();
    if (hide instanceof HTMLElement) hide.style.visibility = "";
  };
  animation.onfinish = done;
  animation.oncancel = done;
}

/**
 * Animates the cards inside `frame` after each render that moved them. `still` names cards
 * not to animate: the one dnd-kit is dragging, and the one just dropped where the finger is.
 * Marks read in the frame: `data-scroller` on the areas that scroll ("table", "rack"),
 * `data-seat` on the seats' panels, `data-stock` on the own stock.
 */
export function useCardMotion(
  frame: RefObject<HTMLElement | null>,
  view: HandView,
  still: RefObject<ReadonlySet<CardId>>,
): void {
  const last = useRef<{ cards: Map<CardId, Seen>; view: HandView; size: string } | null>(null);
  useLayoutEffect(() => {
    const root = frame.current;
    if (!root) return;
    const cards = measure(root);
    const size = `${window.innerWidth}x${window.innerHeight}`;
    const before = last.current;
    last.current = { cards, view, size };
    if (!before || before.size !== size) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const changes = before.view === view ? null : handChanges(before.view, view);
    const you = view.you?.seat;
    const placeOf = (selector: string) => root.querySelector(selector)?.getBoundingClientRect();
    const seatPlace = (seat: number) => placeOf(`[data-seat="${seat}"]`);
    for (const [card, now] of cards) {
      if (still.current.has(card)) continue;
      const was = before.cards.get(card);
      let from: DOMRect | undefined;
      if (was) {
        // Only a card that changed place moves: a zone pushed aside by the layout does not.
        if (was.zone === now.zone && was.index === now.index) continue;
        // A scrolled area moved its cards, not the players' moves: that shift is taken out.
        const [dx, dy] =
          was.scroller && was.scroller === now.scroller
            ? [now.scrolled[0] - was.scrolled[0], now.scrolled[1] - was.scrolled[1]]
            : [0, 0];
        from = new DOMRect(was.rect.x - dx, was.rect.y - dy, was.rect.width, was.rect.height);
        if (Math.hypot(from.x - now.rect.x, from.y - now.rect.y) < MIN_SHIFT_PX) continue;
      } else if (changes && now.seat !== null && changes.shrank.includes(now.seat)) {
        // Declared by an opponent: out of their hidden hand, at their name.
        const panel = seatPlace(now.seat);
        if (panel) from = new DOMRect(panel.x, panel.y, now.rect.width, now.rect.height);
      } else if (changes && now.seat === null) {
        const area = now.scroller?.getAttribute("data-scroller");
        const fromSeat = changes.shrank.find((s) => s !== you);
        if (area === "rack" && changes.drew) from = placeOf("[data-stock]");
        else if (area === "table" && fromSeat !== undefined) {
          // From the seat's corner at the card's own size: the whole panel's box would
          // stretch the card across the screen as it starts.
          const panel = seatPlace(fromSeat);
          if (panel) from = new DOMRect(panel.x, panel.y, now.rect.width, now.rect.height);
        }
      }
      if (from) fly(now.element, from, now.rect, now.element, !was);
    }
    if (!changes) return;
    for (const [card, was] of before.cards) {
      if (cards.has(card) || still.current.has(card)) continue;
      const seat = was.seat ?? changes.grew.find((s) => s !== you);
      const place = seat === undefined ? undefined : seatPlace(seat);
      if (!place) continue;
      const { width, height } = was.rect;
      fly(was.element, was.rect, new DOMRect(place.x + 8, place.y, width / 2, height / 2), null);
    }
  });
}
