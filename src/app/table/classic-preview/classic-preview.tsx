"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { decideClassicBot, type ClassicBotMemory, NEW_CLASSIC_MEMORY } from "@/bots/classic/policy";
import {
  type ClassicEvent,
  classicEventsFor,
  type ClassicCommand,
  type ClassicRejection,
  advanceClassic,
  applyClassic,
  nextClassicDeadline,
  type Variant,
  VARIANTS,
  type ClassicState,
  classicViewFor,
} from "@/engine/classic";
import { ClassicTable, type ClassicActResult } from "@/components/classic/classic-table";
import { CLASSIC_PREVIEW_NAMES, classicPreviewGame } from "@/components/classic/fixture";
import { useTranslations } from "next-intl";
import { rejectionText } from "@/i18n/errors";

const YOU = 0;
const DEFAULT_PACE_MS = 700;

/** The engine's clock runs with the wall clock from where the game starts. */
export function ClassicPreview() {
  const t = useTranslations();
  const params = useSearchParams();
  const variants = (params.get("variants") ?? "")
    .split(",")
    .filter((v): v is Variant => VARIANTS.includes(v as Variant));
  const seed = Number(params.get("seed") ?? 1) || 1;
  const pace = Number(params.get("pace") ?? DEFAULT_PACE_MS) || DEFAULT_PACE_MS;
  // Watching: a bot plays your seat too, so a whole round (and its end) plays by itself.
  const watch = params.get("watch") === "1";
  const [state, setState] = useState<ClassicState>(() => classicPreviewGame(seed, variants));
  const [events, setEvents] = useState<ClassicEvent[]>([]);
  const stateRef = useRef(state);
  stateRef.current = state;
  const origin = useRef<number | null>(null);
  const memory = useRef<ClassicBotMemory[]>(CLASSIC_PREVIEW_NAMES.map(() => NEW_CLASSIC_MEMORY));
  const refused = useRef<(ClassicRejection | null)[]>(CLASSIC_PREVIEW_NAMES.map(() => null));

  const clock = useCallback(() => {
    origin.current ??= performance.now() - stateRef.current.now;
    return Math.max(stateRef.current.now, Math.floor(performance.now() - origin.current));
  }, []);
  const commit = useCallback((next: ClassicState, fresh: ClassicEvent[]) => {
    stateRef.current = next;
    setState(next);
    if (fresh.length > 0) setEvents((list) => [...list, ...fresh].slice(-200));
  }, []);

  // Timers fire as the server would fire them: at the engine's next deadline.
  useEffect(() => {
    const due = nextClassicDeadline(state);
    if (due === null) return;
    const timer = setTimeout(
      () => {
        const advanced = advanceClassic(stateRef.current, clock());
        commit(advanced.state, advanced.events);
      },
      Math.max(0, due - clock()) + 5,
    );
    return () => clearTimeout(timer);
  }, [state, clock, commit]);

  // The bots: the one whose turn it is takes its next step; between rounds each gets ready.
  useEffect(() => {
    const bots = CLASSIC_PREVIEW_NAMES.map((_, seat) => seat).filter(
      (seat) => watch || seat !== YOU,
    );
    const seat =
      state.phase === "turn"
        ? bots.find((s) => s === state.turn)
        : state.phase === "between"
          ? bots.find((s) => !state.pause!.ready[s])
          : undefined;
    if (seat === undefined) return;
    const timer = setTimeout(() => {
      const current = stateRef.current;
      const decision = decideClassicBot("easy", {
        view: classicViewFor(current, seat),
        memory: memory.current[seat]!,
        refused: refused.current[seat]!,
      });
      memory.current[seat] = decision.memory;
      if (!decision.command) return;
      const result = applyClassic(current, seat, decision.command, clock());
      refused.current[seat] = result.ok ? null : result.rejection;
      if (result.ok) commit(result.state, result.events);
      else commit({ ...current }, []);
    }, pace);
    return () => clearTimeout(timer);
  }, [state, pace, watch, clock, commit]);

  const act = useCallback(
    async (command: ClassicCommand): Promise<ClassicActResult> => {
      const result = applyClassic(stateRef.current, YOU, command, clock());
      if (!result.ok)
        return {
          ok: false,
          reason: rejectionText(t, "classic.refusals", result.rejection),
        };
      commit(result.state, result.events);
      return { ok: true };
    },
    [clock, commit, t],
  );

  const view = useMemo(() => classicViewFor(state, YOU), [state]);
  const seen = useMemo(() => classicEventsFor(events, YOU), [events]);
  return (
    <ClassicTable
      view={view}
      clockAt={state.now}
      events={seen}
      names={CLASSIC_PREVIEW_NAMES}
      act={act}
      topBar={<span className="text-xs font-semibold text-stone-600">Preview</span>}
      endActions={
        <a href="" className="rounded-md bg-emerald-700 px-3 py-2 text-sm font-medium text-white">
          Play again
        </a>
      }
    />
  );
}
