"use client";

// The end of the hand: who won and how (§8–§11), every seat's points and how they add up
// (§12), what comes next (the caller's actions: replay, play again, rematch, queue again) and,
// in a long game, the totals, the pause's countdown, the ready button and leaving (§13).

import Link from "next/link";
import { type ReactNode, useState } from "react";
import {
  type Command,
  type HandOutcome,
  type HandView,
  type PlayerStatus,
  type Millis,
  type ScoreLine,
  scoreLinesOf,
  type Seat,
} from "@/engine";
import { useTranslations } from "next-intl";
import type { Translator } from "@/i18n/types";
import { seatColour } from "./card";
import { formatCountdown } from "./clocks";
import type { Standings } from "./game-view";

/**
 * A seat's word in the end-of-hand table. The hand is over, so nobody is "playing" any more:
 * a seat still in play when it ended won, tied (a draw) or lost.
 */
export function endStatusOf(
  outcome: Pick<HandOutcome, "winner" | "draw">,
  seat: Seat,
  status: PlayerStatus,
): "winner" | "tied" | "lost" | Exclude<PlayerStatus, "playing"> {
  if (outcome.winner === seat) return "winner";
  if (status !== "playing") return status;
  return outcome.draw?.includes(seat) ? "tied" : "lost";
}

type EndStatus = ReturnType<typeof endStatusOf>;

function endStatusText(t: Translator, status: Exclude<EndStatus, "winner">): string {
  return status === "tied" || status === "lost" ? t(`end.${status}`) : t(`seat.status.${status}`);
}

export function EndOfHand({
  view,
  game,
  now,
  nameOf,
  dispatch,
  after = null,
}: {
  view: HandView;
  /** A long game's standings (§13), when the match has several hands. */
  game: Standings | null;
  now: Millis;
  nameOf: (seat: Seat) => string;
  dispatch: (command: Command) => void;
  /** What the player can do next, below the result (the live table's links and buttons). */
  after?: ReactNode;
}) {
  const t = useTranslations();
  // The dialog can step aside to show the final table, and come back.
  const [hidden, setHidden] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const outcome = view.outcome;
  const lines = scoreLinesOf(view);
  if (!outcome || !lines) return null;
  if (hidden)
    return (
      <button
        type="button"
        className="fixed left-1/2 top-12 z-40 -translate-x-1/2 rounded-full bg-emerald-700 px-4 py-2 text-sm font-medium text-white shadow-lg"
        onClick={() => setHidden(false)}
      >
        {t("end.showResult")}
      </button>
    );
  const long = game?.kind === "long";
  const you = view.you?.seat ?? null;
  const headline =
    outcome.winner !== null
      ? t("end.winner", { who: nameOf(outcome.winner) })
      : outcome.draw
        ? `${t("end.draw")}: ${outcome.draw.map(nameOf).join(", ")}`
        : t("end.noWinner");
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="end-of-hand-title"
      className="fixed inset-0 z-40 flex items-center justify-center bg-stone-900/50 p-4"
    >
      <div className="max-h-full w-full max-w-md space-y-4 overflow-y-auto rounded-xl bg-white p-4 shadow-2xl sm:p-6">
        <h2 id="end-of-hand-title" className="text-xl font-bold">
          {t("end.title")}
        </h2>
        <p className="text-lg" data-testid="hand-result">
          {headline}{" "}
          <span className="text-sm text-stone-500">({t(`end.reasons.${outcome.reason}`)})</span>
        </p>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b text-stone-500">
              <th className="py-1 font-medium" />
              <th className="py-1 font-medium">{t("end.status")}</th>
              <th className="py-1 text-right font-medium">{t("end.points")}</th>
              {long && <th className="py-1 text-right font-medium">{t("end.total")}</th>}
            </tr>
          </thead>
          <tbody>
            {view.seats.map((seat) => {
              const status = endStatusOf(outcome, seat.seat, seat.status);
              return (
                <tr
                  key={seat.seat}
                  className="border-b last:border-0"
                  data-testid={`score-${seat.seat}`}
                >
                  <td className={`py-1.5 font-semibold ${seatColour(seat.seat).text}`}>
                    {nameOf(seat.seat)}
                  </td>
                  <td className="py-1.5 text-stone-600">
                    {status === "winner" ? (
                      <strong className="inline-flex items-center gap-1 text-amber-700">
                        {/* An SVG, not an emoji: some systems have no emoji font and draw a box. */}
                        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-amber-500">
                          <path d="M10 1.5l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6L1.3 7.8l6.1-.7z" />
                        </svg>
                        {t("end.winnerMark")}
                      </strong>
                    ) : (
                      endStatusText(t, status)
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
              );
            })}
          </tbody>
        </table>
        <section aria-labelledby="end-how" className="text-sm">
          <h3 id="end-how" className="font-medium text-stone-700">
            {t("end.how")}
          </h3>
          <ul className="mt-1 space-y-0.5 text-stone-600" data-testid="score-breakdown">
            {lines.map((line, seat) => (
              <li key={seat}>
                <span className={`font-medium ${seatColour(seat).text}`}>{nameOf(seat)}</span>:{" "}
                {lineText(t, line)}
              </li>
            ))}
          </ul>
        </section>
        {long && game.result && (
          <p className="font-semibold" data-testid="game-result">
            {game.result.winner !== null
              ? t("end.gameWinner", { who: nameOf(game.result.winner) })
              : t("end.longDraw")}
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
              {game.pause.ready[you] ? t("end.waiting") : t("end.ready")}
            </button>
            <span className="text-sm text-stone-600">
              {t("clocks.pause")}{" "}
              <time className="font-mono">{formatCountdown(game.pause.deadline - now)}</time>
            </span>
          </div>
        )}
        {long && game.pause && you !== null && (
          <div className="text-sm">
            {leaving ? (
              <div
                role="alertdialog"
                aria-label={t("end.leaveGameConfirm")}
                data-testid="confirm-leave-game"
                className="space-y-2 rounded-md bg-red-50 p-2 ring-1 ring-red-200"
              >
                <p>{t("end.leaveGameConfirm")}</p>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="rounded-md bg-red-700 px-3 py-1.5 font-medium text-white"
                    onClick={() => {
                      setLeaving(false);
                      dispatch({ do: "leave" });
                    }}
                  >
                    {t("end.leaveGameYes")}
                  </button>
                  <button
                    type="button"
                    className="rounded-md bg-white px-3 py-1.5 font-medium ring-1 ring-stone-300"
                    onClick={() => setLeaving(false)}
                  >
                    {t("end.leaveGameNo")}
                  </button>
                </div>
              </div>
            ) : (
              <button
                type="button"
                className="text-red-800 underline"
                onClick={() => setLeaving(true)}
              >
                {t("end.leaveGame")}
              </button>
            )}
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2">
          {after}
          <Link
            href="/"
            className="inline-block rounded-md bg-white px-4 py-2 font-medium text-emerald-900 ring-1 ring-stone-300"
          >
            {t("end.home")}
          </Link>
          <button
            type="button"
            className="px-2 py-2 text-sm text-emerald-800 underline"
            onClick={() => setHidden(true)}
          >
            {t("end.showTable")}
          </button>
        </div>
      </div>
    </div>
  );
}

export function formatPoints(points: number): string {
  return points > 0 ? `+${points}` : points < 0 ? `−${-points}` : "0";
}

function lineText(t: Translator, line: ScoreLine): string {
  switch (line.kind) {
    case "winner":
      return t("end.lines.winner", { stock: line.stock, others: line.others, bonus: line.bonus });
    case "penalty":
      return t("end.lines.penalty");
    case "draw":
      return t("end.lines.draw", { pile: line.pile });
    case "none":
      return t("end.lines.none");
  }
}
