"use client";

// The opponents around the table and the two removed cards in the corner.

import { useState } from "react";
import { type CardId, rankOf, suitOf, type Millis, type SeatView } from "@/engine";
import { useTranslations } from "next-intl";
import { CardFace, seatColour } from "./card";
import { formatCountdown } from "./clocks";

export function SeatPanel({
  seat,
  name,
  now,
  fourColour,
  isYou,
}: {
  seat: SeatView;
  name: string;
  now: Millis;
  fourColour: boolean;
  isYou: boolean;
}) {
  const t = useTranslations();
  const colour = seatColour(seat.seat);
  const gone = seat.status !== "playing";
  return (
    <section
      aria-label={name}
      data-seat={seat.seat}
      className={`min-w-0 rounded-lg border-l-4 bg-white/90 px-2 py-1 text-sm shadow-sm ${colour.border} ${gone ? "opacity-60" : ""}`}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span
          className={`h-2.5 w-2.5 rounded-full ${seat.present ? "bg-emerald-500" : "bg-stone-400"}`}
        />
        <span className={`font-semibold ${colour.text}`}>
          {name}
          {isYou ? ` (${t("seat.you")})` : ""}
        </span>
        <span className="text-stone-600">{t("seat.hand", { n: seat.handCount })}</span>
        <span className="text-stone-600">{t("seat.stock", { n: seat.stockCount })}</span>
        {gone ? (
          <span className="rounded bg-stone-200 px-1.5 text-xs font-medium">
            {t(`seat.status.${seat.status}`)}
          </span>
        ) : !seat.present ? (
          <span
            className="rounded bg-orange-100 px-1.5 text-xs font-medium text-orange-900"
            role="status"
          >
            {seat.awaySince === null
              ? t("seat.away")
              : t("seat.awayFor", { time: formatCountdown(now - seat.awaySince) })}
            {seat.leavesAt !== null &&
              ` · ${t("clocks.absence", { who: name })} ${formatCountdown(seat.leavesAt - now)}`}
          </span>
        ) : null}
      </div>
      {!isYou && (
        <div
          className="mt-0.5 flex min-h-6 flex-wrap items-center gap-1"
          aria-label={`${t("seat.staging")}: ${name}`}
        >
          <span className="text-xs text-stone-500">{t("seat.staging")}:</span>
          {seat.staging.length === 0 ? (
            <span className="text-xs text-stone-400">{t("seat.stagingEmpty")}</span>
          ) : (
            seat.staging.map((card) => (
              <span
                key={card}
                role="img"
                aria-label={t("card.name", { rank: rankOf(card), suit: suitOf(card) })}
              >
                <CardFace card={card} look={{ fourColour, small: true }} />
              </span>
            ))
          )}
        </div>
      )}
    </section>
  );
}

/** §1: the two cards out of the hand, small in a corner, hideable at any time. */
export function RemovedCards({ cards, fourColour }: { cards: CardId[]; fourColour: boolean }) {
  const t = useTranslations();
  const [shown, setShown] = useState(true);
  return (
    <div className="flex items-center gap-1 rounded-lg bg-white/80 p-1 text-xs">
      {shown && (
        <span className="flex items-center gap-0.5" aria-label={t("table.removed")} role="group">
          <span aria-hidden className="mr-1 text-stone-500">
            {t("table.removed")}:
          </span>
          {cards.map((card) => (
            <span
              key={card}
              role="img"
              aria-label={t("card.name", { rank: rankOf(card), suit: suitOf(card) })}
            >
              <CardFace card={card} look={{ fourColour, small: true }} />
            </span>
          ))}
        </span>
      )}
      <button
        type="button"
        aria-expanded={shown}
        className="rounded px-1 py-0.5 text-stone-600 underline hover:bg-stone-100"
        onClick={() => setShown((s) => !s)}
      >
        {shown ? t("table.hideRemoved") : t("table.showRemoved")}
      </button>
    </div>
  );
}
