// Every clock of the hand as a countdown: a play's 40 s (§5), a hold's 10 s (§6),
// the inactivity's 2 minutes (§7), the freeze's 3 minutes (§9), the tie-break's 2
// minutes (§10.2), the pause between hands (§13) — when each ends, in engine time.

import { type Millis, type Seat, type HandView } from "@/engine";

export type ClockKind = "play" | "hold" | "inactivity" | "freeze" | "tieBreak" | "pause";

export interface Clock {
  kind: ClockKind;
  /** Whose clock it is; null for the whole table's. */
  seat: Seat | null;
  endsAt: Millis;
}

/** The clocks running in the view: the table's first, then the player's own, then by urgency. */
export function clocksOf(view: HandView): Clock[] {
  if (view.outcome) return [];
  const mine = view.you?.seat;
  const table: Clock[] = [];
  if (view.freeze)
    table.push({ kind: "freeze", seat: view.freeze.seat, endsAt: view.freeze.deadline });
  if (view.tiebreak) table.push({ kind: "tieBreak", seat: null, endsAt: view.tiebreak.deadline });
  if (view.inactivityAt !== null)
    table.push({ kind: "inactivity", seat: null, endsAt: view.inactivityAt });
  // Frozen plays keep their deadlines but their time stands still (§9): no countdown for them.
  const frozen = (seat: Seat) => view.freeze !== null && view.freeze.seat !== seat;
  const seats: Clock[] = [
    ...view.plays
      .filter((p) => p.open && !frozen(p.seat))
      .map((p) => ({ kind: "play" as const, seat: p.seat, endsAt: p.deadline })),
    ...view.seats.flatMap((s) =>
      s.holdUntil !== null && !frozen(s.seat)
        ? [{ kind: "hold" as const, seat: s.seat, endsAt: s.holdUntil }]
        : [],
    ),
  ];
  seats.sort((a, b) => Number(b.seat === mine) - Number(a.seat === mine) || a.endsAt - b.endsAt);
  return [...table, ...seats];
}

/** "0:07", "1:59": whole seconds rounded up, so a clock shows 0:00 only once it has run out. */
export function formatCountdown(ms: Millis): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
