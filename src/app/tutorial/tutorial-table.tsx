"use client";

import Link from "next/link";
import { useCallback, useMemo, useState } from "react";
import { type Command, type HandState, viewFor } from "@/engine";
import { PREVIEW_NAMES } from "@/components/table/fixture";
import { useLocalHand, useLocalSend } from "@/components/table/local-hand";
import { GameTable } from "@/components/table/table";
import { nextStep, TUTORIAL_STEPS, tutorialHand } from "@/components/table/tutorial";
import { useMessages } from "@/i18n/client";

const YOU = 0;

export function TutorialTable() {
  const t = useMessages();
  const [at, setAt] = useState(0);
  // A fresh table for each new start: its notices and animations begin again with the hand.
  const [round, setRound] = useState(0);
  const onAccepted = useCallback(
    (state: HandState, command: Command) =>
      setAt((step) => nextStep(step, viewFor(state, YOU), command)),
    [],
  );
  const { state, events, act, restart } = useLocalHand(tutorialHand, {
    stillClock: true,
    onAccepted,
  });
  const send = useLocalSend(act, YOU);
  const view = useMemo(() => viewFor(state, YOU), [state]);
  const step = TUTORIAL_STEPS[at]?.step ?? null;
  const coach = (
    <div
      role="status"
      data-testid="tutorial-step"
      data-step={step ?? "done"}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-amber-100 px-3 py-1.5 text-sm text-amber-950 ring-1 ring-amber-300"
    >
      <span className="font-semibold">
        {step ? t.tutorial.progress(at + 1, TUTORIAL_STEPS.length) : "✓"}
      </span>
      <span className="min-w-0 flex-1 basis-64">
        {step ? t.tutorial.steps[step] : t.tutorial.done}
      </span>
      {step === null && (
        <Link href="/practice" className="font-medium text-emerald-800 underline">
          {t.tutorial.practice}
        </Link>
      )}
      <button
        type="button"
        className="rounded bg-white px-2 py-0.5 ring-1 ring-amber-300"
        onClick={() => {
          restart(tutorialHand());
          setAt(0);
          setRound((n) => n + 1);
        }}
      >
        {t.tutorial.restart}
      </button>
    </div>
  );
  return (
    <GameTable
      key={round}
      view={view}
      viewEventId={state.nextEventId - 1}
      events={events}
      names={PREVIEW_NAMES}
      send={send}
      coach={coach}
      stillClock
      topBar={
        <>
          <Link href="/" className="font-bold tracking-tight text-emerald-800">
            Machiavelox
          </Link>
          <span className="font-semibold">{t.tutorial.title}</span>
          <Link href="/rules" className="text-emerald-800 underline" target="_blank">
            {t.nav.rules}
          </Link>
        </>
      }
    />
  );
}
