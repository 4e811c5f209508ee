"use client";

// Steps through a finished match as a spectator saw it, one log entry at a time.

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CardFace } from "@/components/table/card";
import { useTRPC } from "../../trpc";
import { ErrorText, kindName, Panel, quietButton } from "../../games/ui";

const look = { fourColour: false, small: true };

export function Replay({ matchId }: { matchId: string }) {
  const trpc = useTRPC();
  const [step, setStep] = useState(0);
  const info = useQuery(trpc.history.replay.queryOptions({ matchId }));
  const frame = useQuery({
    ...trpc.history.step.queryOptions({ matchId, step }),
    placeholderData: keepPreviousData,
  });
  if (info.error) return <ErrorText message={info.error.message} />;
  if (!info.data) return <p className="text-stone-500">Loading the replay…</p>;
  const { match, steps } = info.data;
  const last = steps - 1;
  const nameOf = (seat: number | null) =>
    seat === null ? "the clock" : (match.seats[seat]?.name ?? `seat ${seat}`);
  const view = frame.data?.view;
  const go = (to: number) => setStep(Math.max(0, Math.min(last, to)));

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">
        {kindName(match.kind)}: {match.seats.map((seat) => seat.name).join(" · ")}
      </h1>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={quietButton} onClick={() => go(0)}>
          ⏮ Deal
        </button>
        <button type="button" className={quietButton} onClick={() => go(step - 1)}>
          ◀ Back
        </button>
        <input
          type="range"
          min={0}
          max={last}
          value={step}
          aria-label="Step"
          onChange={(event) => go(Number(event.target.value))}
        />
        <button type="button" className={quietButton} onClick={() => go(step + 1)}>
          Next ▶
        </button>
        <button type="button" className={quietButton} onClick={() => go(last)}>
          End ⏭
        </button>
        <span data-testid="replay-step" className="text-sm text-stone-600">
          Step {step} of {last}
          {frame.data?.action &&
            ` · ${nameOf(frame.data.action.seat)}: ${frame.data.action.do} at ${(frame.data.action.at / 1000).toFixed(1)} s`}
        </span>
      </div>
      <ErrorText message={frame.error?.message ?? null} />
      {view && (
        <>
          <Panel
            title={`Hand ${view.number}${view.kind === "long" ? ` · totals ${view.totals.join(" / ")}` : ""}`}
          >
            <div className="flex flex-wrap gap-3" aria-label="Table">
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
                <p className="text-sm text-stone-500">The table is empty.</p>
              )}
            </div>
          </Panel>
          <div className="grid gap-3 sm:grid-cols-3">
            {view.hand.seats.map((seat) => (
              <Panel key={seat.seat} title={nameOf(seat.seat)}>
                <p className="text-sm text-stone-600">
                  {seat.status} · {seat.handCount} in hand · {seat.stockCount} in stock
                </p>
                {seat.staging.length > 0 && (
                  <div className="flex" aria-label="Staging area">
                    {seat.staging.map((card) => (
                      <CardFace key={card} card={card} look={look} />
                    ))}
                  </div>
                )}
                {frame.data?.hands && (
                  <div className="flex flex-wrap" aria-label="Cards left in hand">
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
              Hand over ({view.hand.outcome.reason}):{" "}
              {view.hand.outcome.scores
                .map((score, seat) => `${nameOf(seat)} ${score}`)
                .join(" · ")}
            </p>
          )}
        </>
      )}
    </div>
  );
}
