"use client";

// Steps through a finished match as a spectator saw it: one log entry at a time, from one
// player's move to the next, or by itself at a chosen speed; each step said in words.

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { CardFace } from "@/components/table/card";
import { formatCountdown } from "@/components/table/clocks";
import { describeEvent } from "@/components/table/notices";
import { type EngineEvent } from "@/engine";
import { useTranslations } from "next-intl";
import { errorText, wordFor } from "@/i18n/errors";
import type { Translator } from "@/i18n/types";
import { useTRPC } from "../../trpc";
import { botName, ErrorText, Panel, quietButton } from "../../games/ui";

const look = { fourColour: false, small: true };
/** Autoplay's pause on each move at 1×; the speeds divide it. */
const MOVE_MS = 1200;
const SPEEDS = [1, 2, 4, 8] as const;

export function Replay({ matchId }: { matchId: string }) {
  const t = useTranslations();
  const trpc = useTRPC();
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);
  const info = useQuery(trpc.history.replay.queryOptions({ matchId }));
  const frame = useQuery({
    ...trpc.history.step.queryOptions({ matchId, step }),
    placeholderData: keepPreviousData,
  });
  const last = info.data ? info.data.steps - 1 : 0;
  const moves = info.data?.moves;
  const nextMove = moves?.find((one) => one > step) ?? last;
  const shown = frame.data?.step === step;
  // Autoplay goes from move to move, once the step shown has arrived, and stops at the end.
  useEffect(() => {
    if (!playing || !shown) return;
    if (step >= last) return setPlaying(false);
    const timer = setTimeout(() => setStep(nextMove), MOVE_MS / speed);
    return () => clearTimeout(timer);
  }, [playing, shown, step, last, nextMove, speed]);
  if (info.error) return <ErrorText message={errorText(info.error, t)} />;
  if (!info.data) return <p className="text-stone-500">{t("site.replay.loading")}</p>;
  const { match } = info.data;
  const names = match.seats.map((seat) => (seat.bot ? botName(t, seat.seat, seat.bot) : seat.name));
  const nameOf = (seat: number | null) =>
    seat === null ? t("site.replay.clock") : (names[seat] ?? t("site.replay.seat", { n: seat }));
  const view = frame.data?.view;
  const go = (to: number) => setStep(Math.max(0, Math.min(last, to)));
  const action = frame.data?.action;
  const happened = (frame.data?.events ?? []).flatMap((event) => {
    const line = eventLine(t, event, nameOf);
    return line ? [line] : [];
  });
  const what = action
    ? action.seat === null
      ? happened.length > 0
        ? happened.join("; ")
        : t("site.replay.timePasses")
      : [
          `${nameOf(action.seat)} ${wordFor(t, "site.replay.commands", action.do) ?? action.do}`,
          ...happened,
        ].join("; ")
    : null;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">
        {t(`site.kinds.${match.kind}`)}: {names.join(" · ")}
      </h1>
      <div className="flex flex-wrap items-center gap-2">
        {/* The buttons in rows on a phone, the slider on a line of its own below them. */}
        <div className="grid w-full grid-cols-3 gap-2 sm:flex sm:w-auto">
          <button type="button" className={quietButton} onClick={() => go(0)}>
            ◀◀ {t("site.replay.deal")}
          </button>
          <button type="button" className={quietButton} onClick={() => go(step - 1)}>
            ◀ {t("site.replay.back")}
          </button>
          <button type="button" className={quietButton} onClick={() => go(step + 1)}>
            {t("site.replay.next")} ▶
          </button>
          <button
            type="button"
            className={quietButton}
            data-testid="replay-next-move"
            onClick={() => go(nextMove)}
          >
            {t("site.replay.nextMove")} ▶|
          </button>
          <button type="button" className={quietButton} onClick={() => go(last)}>
            {t("site.replay.end")} ▶▶
          </button>
          <button
            type="button"
            className={quietButton}
            aria-pressed={playing}
            data-testid="replay-autoplay"
            onClick={() => {
              if (!playing && step >= last) setStep(0);
              setPlaying(!playing);
            }}
          >
            {playing ? `❚❚ ${t("site.replay.pause")}` : `▶ ${t("site.replay.autoplay")}`}
          </button>
        </div>
        <label className="flex items-center gap-1 text-sm">
          {t("site.replay.speed")}
          <select
            value={speed}
            className="rounded-md border border-stone-300 bg-white px-2 py-1"
            onChange={(event) => setSpeed(Number(event.target.value) as typeof speed)}
          >
            {SPEEDS.map((one) => (
              <option key={one} value={one}>
                {one}×
              </option>
            ))}
          </select>
        </label>
        <input
          type="range"
          min={0}
          max={last}
          value={step}
          aria-label={t("site.replay.step")}
          className="w-full accent-emerald-700 sm:w-auto sm:flex-1"
          onChange={(event) => go(Number(event.target.value))}
        />
      </div>
      <p data-testid="replay-step" className="text-sm text-stone-600" aria-live="polite">
        {t("site.replay.stepOf", { step, last })}
        {action &&
          what &&
          ` · ${t("site.replay.at", { clock: formatCountdown(action.at) })}: ${what}`}
      </p>
      <ErrorText message={frame.error ? errorText(frame.error, t) : null} />
      {view && (
        <>
          <Panel
            title={`${t("site.replay.hand", { n: view.number })}${view.kind === "long" ? ` · ${t("site.replay.totals", { totals: view.totals.join(" / ") })}` : ""}`}
          >
            <div className="flex flex-wrap gap-3" aria-label={t("site.replay.table")}>
              {view.hand.table.map((meld) => (
                <div
                  key={meld.id}
                  className={`rounded p-1 ${meld.valid ? "bg-emerald-50" : "bg-red-50 ring-1 ring-red-300"}`}
                >
                  <div className="flex">
                    {meld.cards.map(({ card }) => (
                      <CardFace key={card} card={card} look={look} />
                    ))}
                  </div>
                  {!meld.valid && (
                    <p className="max-w-48 pt-1 text-xs text-red-800" data-testid="invalid-meld">
                      {meld.openPlays.length > 0
                        ? t("site.replay.invalidWhile", {
                            why: whyInvalid(t, meld.cards.length),
                            who: meld.openPlays.map(nameOf).join(", "),
                          })
                        : t("site.replay.invalid", { why: whyInvalid(t, meld.cards.length) })}
                    </p>
                  )}
                </div>
              ))}
              {view.hand.table.length === 0 && (
                <p className="text-sm text-stone-500">{t("site.replay.tableEmpty")}</p>
              )}
            </div>
          </Panel>
          <div className="grid gap-3 sm:grid-cols-3">
            {view.hand.seats.map((seat) => (
              <Panel key={seat.seat} title={nameOf(seat.seat)}>
                <p className="text-sm text-stone-600">
                  {t("site.replay.seatLine", {
                    status: t(`seat.status.${seat.status}`),
                    hand: seat.handCount,
                    stock: seat.stockCount,
                  })}
                </p>
                {seat.staging.length > 0 && (
                  <div className="flex" aria-label={t("site.replay.staging")}>
                    {seat.staging.map((card) => (
                      <CardFace key={card} card={card} look={look} />
                    ))}
                  </div>
                )}
                {frame.data?.hands && (
                  <div className="flex flex-wrap" aria-label={t("site.replay.cardsLeft")}>
                    {frame.data.hands[seat.seat]!.map((card) => (
                      <CardFace key={card} card={card} look={look} />
                    ))}
                  </div>
                )}
              </Panel>
            ))}
          </div>
          {view.hand.outcome && (
            <p className="font-medium">
              {t("site.replay.over", {
                reason: t(`end.reasons.${view.hand.outcome.reason}`),
                scores: view.hand.outcome.scores
                  .map((score, seat) => `${nameOf(seat)} ${score}`)
                  .join(" · "),
              })}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** A step's happening in the players' words, or null for what the table shows by itself. */
/** Why a meld on the table is not valid yet: too short, or neither a run nor a set. */
function whyInvalid(t: Translator, cards: number): string {
  return cards < 3 ? t("site.replay.tooShort") : t("site.replay.mixed");
}

function eventLine(
  t: Translator,
  event: EngineEvent,
  nameOf: (seat: number) => string,
): string | null {
  switch (event.type) {
    case "playEnded":
      return event.outcome === "empty"
        ? null
        : t(`site.replay.playEnded.${event.outcome}`, { who: nameOf(event.seat) });
    case "split":
      return t("site.replay.split");
    case "tiebreak":
      return t("site.replay.tiebreak");
    case "silence":
      return t("site.replay.silence");
    case "handOver":
      return t("site.replay.handOver", { reason: t(`end.reasons.${event.reason}`) });
    default:
      return describeEvent(t, event, nameOf);
  }
}
