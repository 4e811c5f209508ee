"use client";

// A plain classic table, until the classic table's components (src/components/classic) take
// its place: whose turn it is and their clock, hand counts, the stock, the combinations with
// their verdicts, your hand, and the turn's commands (tap a card, then where it goes).

import { useEffect, useState } from "react";
import { label } from "@/engine/classic/cards";
import type { ClassicCommand } from "@/engine/classic/commands";
import type { ClassicView } from "@/engine/classic/views";
import { useMessages } from "@/i18n/client";

export function ClassicLiveView({
  view,
  clockAt,
  names,
  act,
  error,
}: {
  view: ClassicView;
  /** The match's clock when the last message came. */
  clockAt: number;
  names: string[];
  /** Null for a spectator. */
  act: ((command: ClassicCommand) => void) | null;
  error: string | null;
}) {
  const t = useMessages().classic;
  const [picked, setPicked] = useState<number | null>(null);
  const [since, setSince] = useState(() => performance.now());
  const [, tick] = useState(0);
  useEffect(() => setSince(performance.now()), [clockAt]);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const you = view.you;
  const mine = act !== null && you !== null && view.turn === you.seat;
  const now = clockAt + (performance.now() - since);
  const left =
    view.turnDeadline === null ? null : Math.max(0, Math.ceil((view.turnDeadline - now) / 1000));
  const send = (command: ClassicCommand) => {
    setPicked(null);
    act?.(command);
  };
  const button = "rounded bg-emerald-700 px-3 py-1 text-white disabled:opacity-40";

  return (
    <section className="mx-auto max-w-3xl space-y-4 p-4">
      <h1 className="text-xl font-bold">
        {t.title} · {t.round(view.round)}
      </h1>
      <p aria-live="polite" className="font-semibold">
        {view.phase === "over"
          ? t.over
          : view.phase === "between"
            ? t.between
            : mine
              ? t.yourTurn
              : t.turnOf(names[view.turn!] ?? "")}
        {left !== null && view.phase === "turn" && ` · ${t.secondsLeft(left)}`}
      </p>
      <ul className="flex flex-wrap gap-3 text-sm">
        {view.seats.map((seat) => (
          <li key={seat.seat} className={seat.seat === view.turn ? "font-bold" : ""}>
            {names[seat.seat]}: {t.cards(seat.handCount)}, {t.points(seat.total)}
          </li>
        ))}
        <li>{t.stock(view.stockCount)}</li>
      </ul>
      <h2 className="font-semibold">{t.table}</h2>
      {view.table.length === 0 && <p className="text-stone-600">{t.emptyTable}</p>}
      <ul className="space-y-1">
        {view.table.map((combination) => (
          <li key={combination.id} className="flex items-center gap-2">
            <span className="text-stone-500">#{combination.id}</span>
            <span className={combination.valid ? "" : "text-red-700"}>
              {combination.cards.map(label).join(" ")}
              {!combination.valid && ` (${t.notValid}: ${combination.reason})`}
            </span>
            {mine && picked !== null && (
              <button
                className={button}
                onClick={() => send({ do: "put", card: picked, to: combination.id })}
              >
                {t.putOn(combination.id)}
              </button>
            )}
          </li>
        ))}
      </ul>
      {you && (
        <>
          <h2 className="font-semibold">{t.hand}</h2>
          <div className="flex flex-wrap gap-1">
            {you.hand.map((card) => (
              <button
                key={card}
                aria-pressed={picked === card}
                disabled={!mine}
                onClick={() => setPicked(picked === card ? null : card)}
                className={`rounded border px-2 py-1 ${picked === card ? "bg-amber-200" : "bg-white"}`}
              >
                {label(card)}
              </button>
            ))}
          </div>
          {mine && <p className="text-sm text-stone-600">{t.choose}</p>}
          <div className="flex flex-wrap gap-2">
            {mine && picked !== null && (
              <button
                className={button}
                onClick={() => send({ do: "put", card: picked, to: "new" })}
              >
                {t.putNew}
              </button>
            )}
            {mine && !view.work && (
              <button
                className={button}
                onClick={() =>
                  send(view.drewFirst || view.stockCount === 0 ? { do: "pass" } : { do: "draw" })
                }
              >
                {view.drewFirst || view.stockCount === 0 ? t.pass : t.draw}
              </button>
            )}
            {mine && view.work && (
              <>
                <button className={button} onClick={() => send({ do: "undo" })}>
                  {t.undo}
                </button>
                <button className={button} onClick={() => send({ do: "reset" })}>
                  {t.reset}
                </button>
                <button className={button} onClick={() => send({ do: "end" })}>
                  {t.end}
                </button>
              </>
            )}
            {act && view.phase === "between" && !view.pause?.ready[you.seat] && (
              <button className={button} onClick={() => send({ do: "ready" })}>
                {t.ready}
              </button>
            )}
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
