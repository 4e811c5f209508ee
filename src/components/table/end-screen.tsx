"use client";

// The end of the hand: who won and how (§8–§11), every seat's points (§12) and, in a
// long game, the totals, the pause's countdown and the ready button (§13).

import Link from "next/link";
import { type Command, type Millis, type Seat, type HandView } from "@/engine";
import { useMessages } from "@/i18n/client";
import { seatColour } from "./card";
import { formatCountdown } from "./clocks";
import type { Standings } from "./game-view";

export function EndOfHand({
  view,
  game,
  now,
  nameOf,
  dispatch,
}: {
  view: HandView;
  /** A long game's standings (§13), when the match has several hands. */
  game: Standings | null;
  now: Millis;
  nameOf: (seat: Seat) => string;
  dispatch: (command: Command) => void;
}) {
  const t = useMessages();
  const outcome = view.outcome;
  if (!outcome) return null;
  const long = game?.kind === "long";
  const you = view.you?.seat ?? null;
  const headline =
    outcome.winner !== null
      ? t.end.winner(nameOf(outcome.winner))
      : outcome.draw
        ? `${t.end.draw}: ${outcome.draw.map(nameOf).join(", ")}`
        : t.end.noWinner;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="end-of-hand-title"
      className="fixed inset-0 z-40 flex items-center justify-center bg-stone-900/50 p-4"
    >
      <div className="max-h-full w-full max-w-md space-y-4 overflow-y-auto rounded-xl bg-white p-4 shadow-2xl sm:p-6">
        <h2 id="end-of-hand-title" className="text-xl font-bold">
          {t.end.title}
        </h2>
        <p className="text-lg" data-testid="hand-result">
          {headline}{" "}
          <span className="text-sm text-stone-500">({t.end.reasons[outcome.reason]})</span>
        </p>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b text-stone-500">
              <th className="py-1 font-medium" />
              <th className="py-1 font-medium">{t.end.status}</th>
              <th className="py-1 text-right font-medium">{t.end.points}</th>
              {long && <th className="py-1 text-right font-medium">{t.end.total}</th>}
            </tr>
          </thead>
          <tbody>
            {view.seats.map((seat) => (
              <tr
                key={seat.seat}
                className="border-b last:border-0"
                data-testid={`score-${seat.seat}`}
              >
                <td className={`py-1.5 font-semibold ${seatColour(seat.seat).text}`}>
                  {nameOf(seat.seat)}
                </td>
                <td className="py-1.5 text-stone-600">
                  {outcome.winner === seat.seat ? (
                    <strong className="inline-flex items-center gap-1 text-amber-700">
                      {/* An SVG, not an emoji: some systems have no emoji font and draw a box. */}
                      <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-amber-500">
                        <path d="M10 1.5l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6L1.3 7.8l6.1-.7z" />
                      </svg>
                      {t.end.winnerMark}
                    </strong>
                  ) : (
                    t.seat.status[seat.status]
                  )}
                </td>
                <td className="py-1.5 text-right font-mono tabular-nums">
                  {formatPoints(outcome.scores[seat.seat] ?? 0)}
                </td>
                {long && (
                  <td className="py-1.5 text-right font-mono font-semibold tabular-nums">
                    {game.totals[seat.seat]}
                    {game.pause?.ready[seat.seat] && ` ✓`}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {long && game.result && (
          <p className="font-semibold" data-testid="game-result">
            {game.result.winner !== null
              ? t.end.gameWinner(nameOf(game.result.winner))
              : t.end.longDraw}
          </p>
        )}
        {long && game.pause && you !== null && (
          <div className="flex items-center gap-3">
            <button
              type="button"
              disabled={game.pause.ready[you]}
              className="rounded-md bg-emerald-700 px-4 py-2 font-medium text-white disabled:opacity-50"
              onClick={() => dispatch({ do: "ready" })}
            >
              {game.pause.ready[you] ? t.end.waiting : t.end.ready}
            </button>
            <span className="text-sm text-stone-600">
              {t.clocks.pause}{" "}
              <time className="font-mono">{formatCountdown(game.pause.deadline - now)}</time>
            </span>
          </div>
        )}
        <Link
          href="/"
          className="inline-block rounded-md bg-emerald-700 px-4 py-2 font-medium text-white"
        >
          {t.end.home}
        </Link>
      </div>
    </div>
  );
}

function formatPoints(points: number): string {
  return points > 0 ? `+${points}` : points < 0 ? `−${-points}` : "0";
}
