"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  type Command,
  advance,
  apply,
  nextDeadline,
  type EngineEvent,
  type HandState,
  type Seat,
  viewFor,
} from "@/engine";
import { PREVIEW_NAMES, previewHand } from "@/components/table/fixture";
import { refusalText } from "@/components/table/notices";
import { GameTable, type SendResult } from "@/components/table/table";
import { useMessages } from "@/i18n/client";

/** The engine's clock starts where the preview hand left it and runs with the wall clock. */
export function TablePreview() {
  const t = useMessages();
  const [state, setState] = useState<HandState>(previewHand);
  const [events, setEvents] = useState<EngineEvent[]>([]);
  const [seat, setSeat] = useState<Seat>(0);
  const origin = useRef<number | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const clock = useCallback(() => {
    origin.current ??= performance.now() - stateRef.current.now;
    return Math.max(stateRef.current.now, Math.floor(performance.now() - origin.current));
  }, []);

  const commit = useCallback((next: HandState, fresh: EngineEvent[]) => {
    stateRef.current = next;
    setState(next);
    if (fresh.length > 0) setEvents((list) => [...list, ...fresh].slice(-200));
  }, []);

  // Timers fire as the server would fire them: at the engine's next deadline.
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

  const send = useCallback(
    async (command: Command): Promise<SendResult> => {
      const result = apply(stateRef.current, seat, command, clock());
      if (!result.ok)
        return {
          ok: false,
          reason: refusalText(t, result.rejection.code, result.rejection.reason),
        };
      commit(result.state, result.events);
      return { ok: true, eventId: result.state.nextEventId - 1 };
    },
    [seat, clock, commit, t],
  );

  const view = useMemo(() => viewFor(state, seat), [state, seat]);
  return (
    <GameTable
      key={seat}
      view={view}
      viewEventId={state.nextEventId - 1}
      events={events}
      names={PREVIEW_NAMES}
      send={send}
      topBar={
        <span className="flex items-center gap-2">
          <span>Preview: you sit at</span>
          {PREVIEW_NAMES.map((name, s) => (
            <button
              key={name}
              type="button"
              aria-pressed={seat === s}
              className={`rounded px-2 py-1 ${seat === s ? "bg-emerald-700 text-white" : "bg-white ring-1 ring-stone-300"}`}
              onClick={() => setSeat(s)}
            >
              {name}
            </button>
          ))}
        </span>
      }
    />
  );
}
