"use client";

// A hand played in this page by the engine alone, no server: the table preview and the
// tutorial. Commands from the seat at the table are applied at once; the engine's timers
// fire as the server would fire them, unless the clock stands still (the tutorial waits
// for the learner).

import { useCallback, useEffect, useRef, useState } from "react";
import type { Command } from "@/engine/commands";
import { advance, apply, nextDeadline } from "@/engine/engine";
import type { EngineEvent } from "@/engine/engine-events";
import type { HandState, Seat } from "@/engine/state";
import { useMessages } from "@/i18n/client";
import { refusalText } from "./notices";
import type { SendResult } from "./table";

/** Between two commands on a still clock: enough to order them, far from any deadline. */
const STILL_STEP_MS = 250;

export function useLocalHand(
  deal: () => HandState,
  seat: Seat,
  {
    stillClock = false,
    onAccepted,
  }: { stillClock?: boolean; onAccepted?: (state: HandState, command: Command) => void } = {},
) {
  const t = useMessages();
  const [state, setState] = useState<HandState>(deal);
  const [events, setEvents] = useState<EngineEvent[]>([]);
  const origin = useRef<number | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  // The engine's clock starts where the hand left it and runs with the wall clock.
  const clock = useCallback(() => {
    if (stillClock) return stateRef.current.now + STILL_STEP_MS;
    origin.current ??= performance.now() - stateRef.current.now;
    return Math.max(stateRef.current.now, Math.floor(performance.now() - origin.current));
  }, [stillClock]);

  const commit = useCallback((next: HandState, fresh: EngineEvent[]) => {
    stateRef.current = next;
    setState(next);
    if (fresh.length > 0) setEvents((list) => [...list, ...fresh].slice(-200));
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

  const send = useCallback(
    async (command: Command): Promise<SendResult> => {
      const result = apply(stateRef.current, seat, command, clock());
      if (!result.ok)
        return {
          ok: false,
          reason: refusalText(t, result.rejection.code, result.rejection.reason),
        };
      commit(result.state, result.events);
      onAccepted?.(result.state, command);
      return { ok: true, eventId: result.state.nextEventId - 1 };
    },
    [seat, clock, commit, t, onAccepted],
  );

  const restart = useCallback(() => {
    origin.current = null;
    commit(deal(), []);
  }, [deal, commit]);

  return { state, events, send, restart };
}
