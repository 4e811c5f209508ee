// Every clock of the hand as a countdown (§5 play 40 s, §6 hold 10 s, §7 inactivity,
// §9 freeze, §10.2 tie-break, §13 pause): when each ends, in the engine's time.

import type { Millis, Seat } from "@/engine/state";
import type { HandView } from "@/engine/views";

export type ClockKind = "play" | "hold";

export interface Clock {
  kind: ClockKind;
  /** Whose clock it is. */
  seat: Seat;
  endsAt: Millis;
}

/** A card someone holds and when the hold lapses (known from the "took" event). */
export interface HoldTimer {
  seat: Seat;
  until: Millis;
}

/** The clocks running in the view, the player's own first, then by urgency. */
export function clocksOf(view: HandView, holds: readonly HoldTimer[]): Clock[] {
  const mine = view.you?.seat;
  const clocks: Clock[] = [
    ...view.plays
      .filter((p) => p.open)
      .map((p) => ({ kind: "play" as const, seat: p.seat, endsAt: p.deadline })),
    ...holds
      .filter((h) => view.seats[h.seat]?.holding !== null)
      .map((h) => ({ kind: "hold" as const, seat: h.seat, endsAt: h.until })),
  ];
  return clocks.sort(
    (a, b) => Number(b.seat === mine) - Number(a.seat === mine) || a.endsAt - b.endsAt,
  );
}

/** "0:07", "1:59": whole seconds rounded up, so a clock shows 0:00 only once it has run out. */
export function formatCountdown(ms: Millis): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
