"use client";

// A hand played in this browser by the engine alone, with no server: its clock runs with the
// wall clock from the hand's own instant, and its timers fire at the engine's next deadline,
// as the server fires them — unless the clock stands still (the tutorial waits for the
// learner). The table preview, the tutorial and a guest's practice table play on it.

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  type Command,
  type Rejection,
  advance,
  apply,
  nextDeadline,
  type EngineEvent,
  type HandState,
  type Millis,
  type Seat,
  viewFor,
} from "@/engine";
import { useTranslations } from "next-intl";
import { rejectionText } from "@/i18n/errors";
import type { SendResult } from "./table";

/** Events kept for the table's sounds and notices. */
const KEPT_EVENTS = 200;
/** Between two commands on a still clock: enough to order them, far from any deadline. */
const STILL_STEP_MS = 250;

export type LocalAnswer = { ok: true; eventId: number } | { ok: false; rejection: Rejection };

export function useLocalHand(
  initial: () => HandState,
  {
    stillClock = false,
    onAccepted,
  }: { stillClock?: boolean; onAccepted?: (state: HandState, command: Command) => void } = {},
) {
  const [state, setState] = useState<HandState>(initial);
  const [events, setEvents] = useState<EngineEvent[]>([]);
  const origin = useRef<number | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const clock = useCallback((): Millis => {
    if (stillClock) return stateRef.current.now + STILL_STEP_MS;
    origin.current ??= performance.now() - stateRef.current.now;
    return Math.max(stateRef.current.now, Math.floor(performance.now() - origin.current));
  }, [stillClock]);

  const commit = useCallback((next: HandState, fresh: EngineEvent[]) => {
    stateRef.current = next;
    setState(next);
    if (fresh.length > 0) setEvents((list) => [...list, ...fresh].slice(-KEPT_EVENTS));
  }, []);

  useEffect(() => {
    const due = stillClock ? null : nextDeadline(state);
    if (due === null) return;
    const timer = setTimeout(
      () => {
        const advanced = advance(stateRef.current, clock());
        commit(advanced.state, advanced.events);
      },
      Math.max(0, due - clock()) + 5,
    );
    return () => clearTimeout(timer);
  }, [state, clock, commit, stillClock]);

  /** One seat's command, applied at once to the latest state. */
  const act = useCallback(
    (seat: Seat, command: Command): LocalAnswer => {
      const result = apply(stateRef.current, seat, command, clock());
      if (!result.ok) return { ok: false, rejection: result.rejection };
      commit(result.state, result.events);
      onAccepted?.(result.state, command);
      return { ok: true, eventId: result.state.nextEventId - 1 };
    },
    [clock, commit, onAccepted],
  );

  /** A new hand in place of this one (play again). */
  const restart = useCallback(
    (next: HandState) => {
      origin.current = null;
      setEvents([]);
      commit(next, []);
    },
    [commit],
  );

  return { state, events, clock, act, restart, stateRef };
}

/**
 * A local hand seen from one seat's table: the hand (useLocalHand), and the table's props for
 * that seat (GameTable's view, viewEventId, events and send).
 */
export function useLocalTable(
  initial: () => HandState,
  seat: Seat,
  options?: Parameters<typeof useLocalHand>[1],
) {
  const hand = useLocalHand(initial, options);
  const send = useLocalSend(hand.act, seat);
  const view = useMemo(() => viewFor(hand.state, seat), [hand.state, seat]);
  return {
    ...hand,
    table: { view, viewEventId: hand.state.nextEventId - 1, events: hand.events, send },
  };
}

/** The table's `send` for one seat of a local hand: a refusal in the reader's words. */
export function useLocalSend(
  act: (seat: Seat, command: Command) => LocalAnswer,
  seat: Seat,
): (command: Command) => Promise<SendResult> {
  const t = useTranslations();
  return useCallback(
    async (command: Command) => {
      const answer = act(seat, command);
      return answer.ok
        ? answer
        : {
            ok: false,
            reason: rejectionText(t, "refusals", answer.rejection),
          };
    },
    [act, seat, t],
  );
}
