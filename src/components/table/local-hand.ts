"use client";

// A hand played in this browser by the engine alone, with no server: its clock runs with the
// wall clock from the hand's own instant, and its timers fire at the engine's next deadline,
// as the server fires them. The table preview and a guest's practice table play on it.

import { useCallback, useEffect, useRef, useState } from "react";
import type { Command, Rejection } from "@/engine/commands";
import { advance, apply, nextDeadline } from "@/engine/engine";
import type { EngineEvent } from "@/engine/engine-events";
import type { HandState, Millis, Seat } from "@/engine/state";
import { useMessages } from "@/i18n/client";
import { refusalText } from "./notices";
import type { SendResult } from "./table";

/** Events kept for the table's sounds and notices. */
const KEPT_EVENTS = 200;

export type LocalAnswer = { ok: true; eventId: number } | { ok: false; rejection: Rejection };

export function useLocalHand(initial: () => HandState) {
  const [state, setState] = useState<HandState>(initial);
  const [events, setEvents] = useState<EngineEvent[]>([]);
  const origin = useRef<number | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const clock = useCallback((): Millis => {
    origin.current ??= performance.now() - stateRef.current.now;
    return Math.max(stateRef.current.now, Math.floor(performance.now() - origin.current));
  }, []);

  const commit = useCallback((next: HandState, fresh: EngineEvent[]) => {
    stateRef.current = next;
    setState(next);
    if (fresh.length > 0) setEvents((list) => [...list, ...fresh].slice(-KEPT_EVENTS));
  }, []);

  useEffect(() => {
    const due = nextDeadline(state);
    if (due === null) return;
    const timer = setTimeout(
      () => {
        const advanced = advance(stateRef.current, clock());
        commit(advanced.state, advanced.events);
      },
      Math.max(0, due - clock()) + 5,
    );
    return () => clearTimeout(timer);
  }, [state, clock, commit]);

  /** One seat's command, applied at once to the latest state. */
  const act = useCallback(
    (seat: Seat, command: Command): LocalAnswer => {
      const result = apply(stateRef.current, seat, command, clock());
      if (!result.ok) return { ok: false, rejection: result.rejection };
      commit(result.state, result.events);
      return { ok: true, eventId: result.state.nextEventId - 1 };
    },
    [clock, commit],
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

/** The table's `send` for one seat of a local hand: a refusal in the reader's words. */
export function useLocalSend(
  act: (seat: Seat, command: Command) => LocalAnswer,
  seat: Seat,
): (command: Command) => Promise<SendResult> {
  const t = useMessages();
  return useCallback(
    async (command: Command) => {
      const answer = act(seat, command);
      return answer.ok
        ? answer
        : { ok: false, reason: refusalText(t, answer.rejection.code, answer.rejection.reason) };
    },
    [act, seat, t],
  );
}
