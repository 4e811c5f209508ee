"use client";

// Steps through a finished match as a spectator saw it, one log entry at a time.

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CardFace } from "@/components/table/card";
import { useMessages } from "@/i18n/client";
import { errorText, wordFor } from "@/i18n/errors";
import { useTRPC } from "../../trpc";
import { ErrorText, Panel, quietButton } from "../../games/ui";

const look = { fourColour: false, small: true };

export function Replay({ matchId }: { matchId: string }) {
  const messages = useMessages();
  const t = messages.site.replay;
  const trpc = useTRPC();
  const [step, setStep] = useState(0);
  const info = useQuery(trpc.history.replay.queryOptions({ matchId }));
  const frame = useQuery({
    ...trpc.history.step.queryOptions({ matchId, step }),
    placeholderData: keepPreviousData,
  });
  if (info.error) return <ErrorText message={errorText(info.error, messages)} />;
  if (!info.data) return <p className="text-stone-500">{t.loading}</p>;
  const { match, steps } = info.data;
  const last = steps - 1;
  const nameOf = (seat: number | null) =>
    seat === null ? t.clock : (match.seats[seat]?.name ?? t.seat(seat));
  const view = frame.data?.view;
  const go = (to: number) => setStep(Math.max(0, Math.min(last, to)));

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">
        {messages.site.kinds[match.kind]}: {match.seats.map((seat) => seat.name).join(" · ")}
      </h1>
      <div className="flex flex-wrap items-center gap-2">
        {/* Four buttons in a row on a phone, the slider on a line of its own below them. */}
        <div className="grid w-full grid-cols-4 gap-2 sm:flex sm:w-auto">
          <button type="button" className={quietButton} onClick={() => go(0)}>
            ◀◀ {t.deal}
          </button>
          <button type="button" className={quietButton} onClick={() => go(step - 1)}>
            ◀ {t.back}
          </button>
          <button type="button" className={quietButton} onClick={() => go(step + 1)}>
            {t.next} ▶
          </button>
          <button type="button" className={quietButton} onClick={() => go(last)}>
            {t.end} ▶▶
          </button>
        </div>
        <input
          type="range"
          min={0}
          max={last}
          value={step}
          aria-label={t.step}
          className="w-full accent-emerald-700 sm:w-auto sm:flex-1"
          onChange={(event) => go(Number(event.target.value))}
        />
      </div>
      <p data-testid="replay-step" className="text-sm text-stone-600">
        {t.stepOf(step, last)}
        {frame.data?.action &&
          ` · ${nameOf(frame.data.action.seat)}: ${wordFor(t.commands, frame.data.action.do) ?? frame.data.action.do} ${t.at(frame.data.action.at / 1000)}`}
      </p>
      <ErrorText message={frame.error ? errorText(frame.error, messages) : null} />
      {view && (
        <>
          <Panel
            title={`${t.hand(view.number)}${view.kind === "long" ? ` · ${t.totals(view.totals.join(" / "))}` : ""}`}
          >
            <div className="flex flex-wrap gap-3" aria-label={t.table}>
              {view.hand.table.map((meld) => (
                <div
                  key={meld.id}
                  className={`flex rounded p-1 ${meld.valid ? "bg-emerald-50" : "bg-red-50"}`}
                >
                  {meld.cards.map(({ card }) => (
                    <CardFace key={card} card={card} look={look} />
                  ))}
                </div>
              ))}
              {view.hand.table.length === 0 && (
                <p className="text-sm text-stone-500">{t.tableEmpty}</p>
              )}
            </div>
          </Panel>
          <div className="grid gap-3 sm:grid-cols-3">
            {view.hand.seats.map((seat) => (
              <Panel key={seat.seat} title={nameOf(seat.seat)}>
                <p className="text-sm text-stone-600">
                  {t.seatLine(messages.seat.status[seat.status], seat.handCount, seat.stockCount)}
                </p>
                {seat.staging.length > 0 && (
                  <div className="flex" aria-label={t.staging}>
                    {seat.staging.map((card) => (
                      <CardFace key={card} card={card} look={look} />
                    ))}
                  </div>
                )}
                {frame.data?.hands && (
                  <div className="flex flex-wrap" aria-label={t.cardsLeft}>
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
              {t.over(
                messages.end.reasons[view.hand.outcome.reason],
                view.hand.outcome.scores
                  .map((score, seat) => `${nameOf(seat)} ${score}`)
                  .join(" · "),
              )}
            </p>
          )}
        </>
      )}
    </div>
  );
}
