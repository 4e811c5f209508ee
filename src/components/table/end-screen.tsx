"use client";

// The end of the hand: who won and how (§8–§11), and every seat's points (§12).

import Link from "next/link";
import type { Seat } from "@/engine/state";
import type { HandView } from "@/engine/views";
import { useMessages } from "@/i18n/client";
import { seatColour } from "./card";

export function EndOfHand({ view, nameOf }: { view: HandView; nameOf: (seat: Seat) => string }) {
  const t = useMessages();
  const outcome = view.outcome;
  if (!outcome) return null;
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
      <div className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-2xl">
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
              <th className="py-1 font-medium">{t.seat.status.playing}</th>
              <th className="py-1 text-right font-medium">{t.end.points}</th>
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
                  {outcome.winner === seat.seat && " 🏆"}
                </td>
                <td className="py-1.5 text-stone-600">{t.seat.status[seat.status]}</td>
                <td className="py-1.5 text-right font-mono tabular-nums">
                  {formatPoints(outcome.scores[seat.seat] ?? 0)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
