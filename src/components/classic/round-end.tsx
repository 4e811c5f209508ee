"use client";

// The end of a round as a centred dialog: each player's penalty this round and the
// running total to the target, Ready for the next round; at the game's end, the
// winner and whatever the page offers next (rematch, queue again, home).

import type { ReactNode } from "react";
import { type Millis, type Seat } from "@/engine";
import { type ClassicView } from "@/engine/classic";
import { useTranslations } from "next-intl";
import { formatCountdown } from "@/components/table/clocks";
import { roundLines } from "./moves";

export function RoundEnd({
  view,
  now,
  nameOf,
  onReady,
  canReady,
  endActions,
}: {
  view: ClassicView;
  now: Millis;
  nameOf: (seat: Seat) => string;
  onReady: () => void;
  canReady: boolean;
  endActions: ReactNode;
}) {
  const t = useTranslations();
  const round = view.lastRound;
  if (view.phase === "turn" || !round) return null;
  const names = (seats: Seat[]) => seats.map(nameOf).join(", ");
  const why =
    round.draw !== null
      ? t("classic.end.draw")
      : round.reason === "alone" && round.winner !== null
        ? t("classic.end.alone", { who: nameOf(round.winner) })
        : round.reason === "out" && round.winner !== null
          ? t("classic.end.out", { who: nameOf(round.winner) })
          : round.winner !== null
            ? t("classic.end.blocked", { who: nameOf(round.winner) })
            : t("classic.end.draw");
  const result = view.result;
  const ready = view.pause?.ready ?? [];
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-stone-900/40 p-2">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="round-end-title"
        data-testid="round-end"
        className="max-h-full w-full max-w-md overflow-y-auto rounded-xl bg-white p-4 shadow-xl"
      >
        <h2 id="round-end-title" className="text-lg font-semibold">
          {result ? t("classic.end.gameOver") : t("classic.end.title", { n: view.round })}
        </h2>
        <p className="text-sm text-stone-700">{why}</p>
        {result && (
          <p className="mt-1 font-semibold text-emerald-800">
            {result.winner !== null
              ? t("classic.end.winner", { who: nameOf(result.winner) })
              : t("classic.end.tie", { who: names(result.draw ?? []) })}
          </p>
        )}
        <RoundPenalties
          view={view}
          className="mt-3 w-full"
          who={(seat) => (
            <>
              {seat === view.you?.seat ? t("seat.you") : nameOf(seat)}
              {ready[seat] ? " ✓" : ""}
              {round.absent.includes(seat) && (
                <span className="text-stone-500"> · {t("classic.absent")}</span>
              )}
            </>
          )}
        />
        {view.options.target !== null && (
          <p className="mt-2 text-xs text-stone-500">
            {t("classic.end.target", { points: view.options.target })}
          </p>
        )}
        {view.pause && (
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <button
              type="button"
              disabled={!canReady}
              onClick={onReady}
              className="rounded-md bg-emerald-700 px-3 py-2 font-medium text-white disabled:opacity-40"
            >
              {canReady ? t("classic.end.ready") : t("classic.end.waiting")}
            </button>
            <span>
              {t("classic.end.readyCount", { n: ready.filter(Boolean).length, of: ready.length })}
            </span>
            <span className="ml-auto tabular-nums text-stone-500">
              {t("classic.end.next")} {formatCountdown(view.pause.deadline - now)}
            </span>
          </div>
        )}
        {result && endActions && <div className="mt-3 flex flex-wrap gap-2">{endActions}</div>}
      </div>
    </div>
  );
}

/**
 * The last round's penalties and running totals, best first, the round's winner marked: in the
 * round-end dialog and under a replay's round. `who` draws the player's cell.
 */
export function RoundPenalties({
  view,
  who,
  caption,
  className,
}: {
  view: ClassicView;
  who: (seat: Seat) => ReactNode;
  caption?: string;
  className: string;
}) {
  const t = useTranslations();
  return (
    <table className={`${className} text-sm`} data-testid="round-lines">
      {caption && <caption className="text-left text-xs text-stone-500">{caption}</caption>}
      <thead>
        <tr className="text-left text-stone-500">
          <th className="font-normal">{t("classic.end.player")}</th>
          <th className="text-right font-normal">{t("classic.end.penalty")}</th>
          <th className="text-right font-normal">{t("classic.end.total")}</th>
        </tr>
      </thead>
      <tbody>
        {roundLines(view).map((line) => (
          <tr key={line.seat} className={line.winner ? "font-semibold text-emerald-800" : ""}>
            <td>{who(line.seat)}</td>
            <td className="text-right tabular-nums">+{line.penalty}</td>
            <td className="text-right tabular-nums">{line.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
