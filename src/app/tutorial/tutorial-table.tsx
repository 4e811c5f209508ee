"use client";

import Link from "next/link";
import { useCallback, useState } from "react";
import { type Command, type HandState, viewFor } from "@/engine";
import { PREVIEW_NAMES } from "@/components/table/fixture";
import { useLocalTable } from "@/components/table/local-hand";
import { GameTable } from "@/components/table/table";
import { nextStep, TUTORIAL_STEPS, tutorialHand } from "@/components/table/tutorial";
import { useTranslations } from "next-intl";

const YOU = 0;

export function TutorialTable() {
  const t = useTranslations();
  const [at, setAt] = useState(0);
  // A fresh table for each new start: its notices and animations begin again with the hand.
  const [round, setRound] = useState(0);
  const [unfolded, setUnfolded] = useState(false);
  const onAccepted = useCallback(
    (state: HandState, command: Command) =>
      setAt((step) => nextStep(step, viewFor(state, YOU), command)),
    [],
  );
  const { table, restart } = useLocalTable(tutorialHand, YOU, { stillClock: true, onAccepted });
  const step = TUTORIAL_STEPS[at]?.step ?? null;
  const restartHand = () => {
    restart(tutorialHand());
    setAt(0);
    setRound((n) => n + 1);
  };
  // On a phone the step takes two short lines at most, unfolded on request, so the table keeps its room.
  const coach = (
    <div
      role="status"
      data-testid="tutorial-step"
      data-step={step ?? "done"}
      className="flex items-start gap-2 rounded-md bg-amber-100 px-2 py-1 text-xs text-amber-950 ring-1 ring-amber-300 roomy:flex-wrap roomy:items-center roomy:gap-x-3 roomy:px-3 roomy:py-1.5 roomy:text-sm"
    >
      <span className="shrink-0 font-semibold">
        {step ? (
          <>
            <span className="sr-only roomy:not-sr-only">
              {t("tutorial.progress", { n: at + 1, of: TUTORIAL_STEPS.length })}
            </span>
            <span aria-hidden className="roomy:hidden">
              {at + 1}/{TUTORIAL_STEPS.length}
            </span>
          </>
        ) : (
          "✓"
        )}
      </span>
      <span
        data-testid="tutorial-text"
        className={`min-w-0 flex-1 roomy:basis-64 ${unfolded ? "" : "line-clamp-2 roomy:line-clamp-none"}`}
      >
        {step ? t(`tutorial.steps.${step}`) : t("tutorial.done")}
      </span>
      {step === null && (
        <Link href="/practice" className="shrink-0 font-medium text-emerald-800 underline">
          {t("tutorial.practice")}
        </Link>
      )}
      <button
        type="button"
        className="shrink-0 rounded bg-white px-1.5 ring-1 ring-amber-300 roomy:hidden"
        aria-expanded={unfolded}
        aria-label={unfolded ? t("tutorial.less") : t("tutorial.more")}
        onClick={() => setUnfolded((open) => !open)}
      >
        {unfolded ? "▴" : "▾"}
      </button>
      <button
        type="button"
        className="shrink-0 rounded bg-white px-1.5 ring-1 ring-amber-300 roomy:px-2 roomy:py-0.5"
        aria-label={t("tutorial.restart")}
        onClick={restartHand}
      >
        <span aria-hidden className="roomy:hidden">
          ↺
        </span>
        <span aria-hidden className="hidden roomy:inline">
          {t("tutorial.restart")}
        </span>
      </button>
    </div>
  );
  return (
    <GameTable
      key={round}
      {...table}
      names={PREVIEW_NAMES}
      coach={coach}
      stillClock
      topBar={
        <>
          <Link href="/" className="font-bold tracking-tight text-emerald-800">
            Machiavelox
          </Link>
          <span className="font-semibold">{t("tutorial.title")}</span>
          <Link href="/rules" className="text-emerald-800 underline" target="_blank">
            {t("nav.rules")}
          </Link>
        </>
      }
    />
  );
}
