"use client";

// The classic table's pieces: a card of either deck or a joker, a combination with
// its verdict, the face-up cards, the players' strip and the hand.

import { memo } from "react";
import { type CardId, type Millis, type Seat } from "@/engine";
import { isJoker, type ClassicCombinationView, type ClassicView } from "@/engine/classic";
import { useTranslations } from "next-intl";
import { CardFace, type CardLook, seatColour } from "@/components/table/card";
import { formatCountdown } from "@/components/table/clocks";
import type { HandSort } from "@/components/table/hand-order";
import { SortChooser } from "@/components/table/hand-panel";
import { Droppable, Pickable } from "@/components/table/pieces";
import {
  type ClassicDestination,
  classicCardName,
  type ClassicSource,
  destinationId,
  type FailedMove,
  sourceId,
} from "./moves";
import { reasonIn } from "./reasons";

/** What every part needs to draw cards and turn gestures into moves. */
export interface ClassicUi {
  selected: ClassicSource | null;
  dragging: ClassicSource | null;
  refusedCard: CardId | null;
  fourColour: boolean;
  /** Cards of the plan the Hint shows: own cards it places and table cards it moves. */
  hinted: ReadonlySet<CardId>;
  nameOf: (seat: Seat) => string;
  onSelect: (source: ClassicSource) => void;
  onChoose: (dest: ClassicDestination) => void;
  /** A replay: the cards are shown, never picked up, and there is no new space to drop on. */
  readOnly?: boolean;
}

const SIZE = "h-[4.25rem] w-12 text-sm sm:h-20 sm:w-14 sm:text-base";
const SMALL = "h-10 w-7 text-[11px]";

export function ClassicCardFace({ card, look }: { card: CardId; look: CardLook }) {
  if (!isJoker(card)) return <CardFace card={card} look={look} />;
  return (
    <span
      aria-hidden
      data-card="JK"
      className={`relative inline-flex shrink-0 select-none flex-col rounded-md border bg-amber-50 px-1 pt-0.5 font-semibold leading-none text-purple-700 shadow-sm ${look.small ? SMALL : SIZE} ${
        look.selected
          ? "-translate-y-2 border-emerald-600 ring-2 ring-emerald-500"
          : look.hinted
            ? "border-amber-500 ring-2 ring-amber-400"
            : "border-stone-300"
      } ${look.refused ? "animate-shake border-red-500 ring-2 ring-red-500" : ""}`}
    >
      J<br />★
      {!look.covered && !look.small && (
        <span className="absolute inset-x-0 bottom-1 text-center text-2xl sm:text-3xl">★</span>
      )}
    </span>
  );
}

function same(a: ClassicSource | null, b: ClassicSource): boolean {
  return a !== null && sourceId(a) === sourceId(b);
}

export function ClassicCard({
  source,
  label,
  ui,
  covered = false,
  onKey,
}: {
  source: ClassicSource;
  label: string;
  ui: ClassicUi;
  covered?: boolean;
  onKey?: (event: React.KeyboardEvent) => boolean;
}) {
  const selected = same(ui.selected, source);
  if (ui.readOnly)
    return (
      <span role="img" aria-label={label} data-testid={sourceId(source)}>
        <ClassicCardFace card={source.card} look={{ fourColour: ui.fourColour, covered }} />
      </span>
    );
  return (
    <Pickable
      dragId={sourceId(source)}
      label={label}
      pressed={selected}
      onPick={() => ui.onSelect(source)}
      onKey={onKey}
    >
      <ClassicCardFace
        card={source.card}
        look={{
          fourColour: ui.fourColour,
          selected,
          covered,
          refused: ui.refusedCard === source.card,
          hinted: ui.hinted.has(source.card),
        }}
      />
    </Pickable>
  );
}

export const Combinations = memo(function Combinations({
  table,
  ui,
}: {
  table: ClassicCombinationView[];
  ui: ClassicUi;
}) {
  const t = useTranslations();
  const hand = ui.selected?.from !== "table" && ui.selected !== null;
  return (
    <section
      aria-label={t("table.title")}
      className="flex flex-wrap content-start items-start gap-x-3 gap-y-4"
    >
      {table.map((c, i) => (
        <Combination key={c.id} combination={c} number={i + 1} ui={ui} />
      ))}
      {!ui.readOnly && (
        <Droppable
          dropId={destinationId({ to: "new" })}
          label={t("classic.newSpace")}
          active={ui.selected !== null && (hand || ui.selected.from === "table")}
          onChoose={() => ui.onChoose({ to: "new" })}
          className="flex h-[5.25rem] max-w-44 min-w-28 items-center justify-center rounded-lg border-2 border-dashed border-emerald-700/40 px-3 text-center text-xs text-emerald-900/70 sm:h-24"
        >
          {t("classic.newSpace")}
        </Droppable>
      )}
    </section>
  );
});

/** `number` is its place on the table (the engine's ids leave gaps); the id stays in the test ids. */
function Combination({
  combination: c,
  number,
  ui,
}: {
  combination: ClassicCombinationView;
  number: number;
  ui: ClassicUi;
}) {
  const t = useTranslations();
  const here = ui.selected?.from === "table" && ui.selected.combination === c.id;
  const reason = c.reason && reasonIn(t, c.reason);
  const verdict = c.valid ? t(`classic.kinds.${c.kind ?? "set"}`) : reason;
  return (
    <Droppable
      dropId={destinationId({ to: "combination", combination: c.id })}
      label={`${t("classic.combination", { n: number, count: c.cards.length })}: ${verdict}`}
      active={ui.selected !== null && !here}
      onChoose={() => ui.onChoose({ to: "combination", combination: c.id })}
      className={`relative inline-flex flex-col rounded-lg border-2 p-1.5 pt-3 ${
        c.valid
          ? c.touched
            ? "border-sky-500 bg-sky-50"
            : "border-transparent bg-emerald-900/10"
          : "border-dashed border-red-500 bg-red-50"
      }`}
    >
      <span className="absolute -top-2 left-1 flex gap-1 whitespace-nowrap text-[10px] leading-none">
        <span className="rounded bg-white/90 px-1 py-0.5 text-stone-500">{number}</span>
        {c.valid && c.touched && (
          <span className="rounded bg-sky-200 px-1 py-0.5 text-sky-900">
            {t("classic.touched")}
          </span>
        )}
      </span>
      <span className="flex">
        {c.cards.map((card, i) => (
          <span key={card} className={i === 0 ? "" : "-ml-4 sm:-ml-6"}>
            <ClassicCard
              source={{ from: "table", card, combination: c.id }}
              label={t("classic.inCombination", { card: classicCardName(t, card), n: number })}
              covered={i < c.cards.length - 1}
              ui={{
                ...ui,
                // A hand card tapped onto a table joker is the swap: the choice knows the joker.
                onSelect: (source) =>
                  ui.selected && ui.selected.from !== "table" && isJoker(card)
                    ? ui.onChoose({ to: "combination", combination: c.id, onto: card })
                    : ui.onSelect(source),
              }}
            />
          </span>
        ))}
      </span>
      {!c.valid && (
        <span
          data-reason={c.id}
          className="mt-1 w-0 min-w-full text-[11px] leading-tight font-medium text-red-700"
        >
          ⚠ {reason}
        </span>
      )}
    </Droppable>
  );
}

export function FaceUpCards({ cards, ui }: { cards: CardId[]; ui: ClassicUi }) {
  const t = useTranslations();
  if (cards.length === 0) return null;
  return (
    <section
      aria-label={t("classic.faceUp")}
      className="mb-3 flex flex-wrap items-center gap-1 rounded-lg bg-amber-100/60 p-1.5"
    >
      <h2 className="mr-1 text-xs font-semibold text-amber-900">{t("classic.faceUp")}</h2>
      {cards.map((card) => (
        <ClassicCard
          key={card}
          source={{ from: "faceUp", card }}
          label={t("classic.faceUpCard", { card: classicCardName(t, card) })}
          ui={ui}
        />
      ))}
    </section>
  );
}

/** Every player at a glance: whose turn, hand counts, totals, Thirty-Six's opening, a penalty just drawn. */
/** A failed move, said to everyone: who, why, and the penalty drawn (`own`: the reader's). */
export function FailedMoveNotice({
  failure,
  nameOf,
  own,
}: {
  failure: FailedMove;
  nameOf: (seat: Seat) => string;
  own: boolean;
}) {
  const t = useTranslations();
  return (
    <p
      role="alert"
      data-testid="failed-move"
      className="rounded-md bg-red-700 px-3 py-1 text-sm font-medium text-white"
    >
      {t("classic.news.failed", {
        who: nameOf(failure.seat),
        reason: reasonIn(t, failure.reason),
        penalty: failure.penalty,
        own: String(own),
      })}
    </p>
  );
}

export function PlayersStrip({
  view,
  now,
  failure,
  nameOf,
}: {
  view: ClassicView;
  now: Millis;
  failure: FailedMove | null;
  nameOf: (seat: Seat) => string;
}) {
  const t = useTranslations();
  const thirtySix = view.options.variants.includes("thirty-six");
  const clock =
    view.turnDeadline === null ? t("classic.noLimit") : formatCountdown(view.turnDeadline - now);
  const turn = view.turn;
  return (
    <div className="flex flex-col gap-1">
      <p
        role="status"
        data-testid="turn"
        className={`flex items-center gap-2 rounded-md px-3 py-1 text-sm font-semibold ${
          turn !== null && turn === view.you?.seat
            ? "bg-emerald-700 text-white"
            : "bg-stone-800 text-white"
        }`}
      >
        <span className="min-w-0 flex-1 truncate">
          {turn === null
            ? t("classic.round", { n: view.round })
            : turn === view.you?.seat
              ? t("classic.yourTurn")
              : t("classic.turnOf", { who: nameOf(turn) })}
        </span>
        {turn !== null && (
          <span data-testid="turn-clock" className="font-mono tabular-nums">
            {clock}
          </span>
        )}
        <span data-testid="stock" className="font-normal">
          {t("classic.stock", { n: view.stockCount })}
        </span>
      </p>
      <ul className="flex flex-wrap gap-1 text-xs" aria-label={t("classic.players")}>
        {view.seats.map((s) => {
          const colour = seatColour(s.seat);
          const penalised = failure?.seat === s.seat;
          return (
            <li
              key={s.seat}
              data-testid={`seat-${s.seat}`}
              aria-current={turn === s.seat ? "true" : undefined}
              className={`flex items-center gap-1 rounded-md px-2 py-0.5 ring-1 ${
                turn === s.seat ? `${colour.bg} ${colour.ring} ring-2` : "bg-white ring-stone-300"
              }`}
            >
              <span className={`size-2 rounded-full ${colour.dot}`} />
              <span className="font-semibold">
                {s.seat === view.you?.seat ? t("seat.you") : nameOf(s.seat)}
              </span>
              <span
                className="flex items-center gap-0.5"
                aria-label={t("classic.cards", { n: s.handCount })}
              >
                <span aria-hidden className="inline-block h-3 w-2 rounded-[2px] bg-sky-800" />
                {s.handCount}
              </span>
              <span className="text-stone-500">{t("classic.total", { points: s.total })}</span>
              {thirtySix && (
                <span className={s.opened ? "text-emerald-700" : "text-stone-500"}>
                  {s.opened ? `✓ ${t("classic.opened")}` : t("classic.notOpened")}
                </span>
              )}
              {s.absent && <span className="text-stone-500">{t("classic.absent")}</span>}
              {penalised && (
                <span data-testid="penalty-mark" className="rounded bg-red-700 px-1 text-white">
                  {t("classic.news.failedShort", { penalty: failure.penalty })}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export const ClassicHand = memo(function ClassicHand({
  cards,
  sort,
  onSort,
  onNudge,
  ui,
  waiting,
}: {
  cards: CardId[];
  sort: HandSort;
  onSort: (sort: HandSort) => void;
  onNudge: (card: CardId, step: -1 | 1) => void;
  ui: ClassicUi;
  waiting: boolean;
}) {
  const t = useTranslations();
  return (
    <section aria-label={t("classic.hand.title")} className="space-y-1">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <h2 className="font-semibold text-stone-700">
          {t("classic.hand.title")} ({cards.length})
        </h2>
        <SortChooser sort={sort} onSort={onSort} />
        {waiting && <span className="text-stone-500">{t("classic.hand.waiting")}</span>}
      </div>
      <Droppable
        dropId={destinationId({ to: "hand" })}
        label={t("classic.hand.title")}
        active={ui.selected?.from === "table"}
        onChoose={() => ui.onChoose({ to: "hand" })}
        className="flex min-h-20 flex-wrap items-end gap-1 rounded-lg bg-emerald-950/5 p-1.5"
      >
        {cards.length === 0 && (
          <span className="text-sm text-stone-500">{t("classic.hand.empty")}</span>
        )}
        {cards.map((card) => (
          // A hand card is also a drop target, so dropping another hand card on it arranges the hand.
          <Droppable
            key={card}
            dropId={destinationId({ to: "hand", before: card })}
            label={classicCardName(t, card)}
            active={false}
            onChoose={() => undefined}
            className="rounded-md"
          >
            <ClassicCard
              source={{ from: "hand", card }}
              label={classicCardName(t, card)}
              ui={ui}
              onKey={(e) => {
                // Alt + arrows arrange the hand; plain arrows stay free for moving focus.
                if (e.altKey && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
                  onNudge(card, e.key === "ArrowLeft" ? -1 : 1);
                  return true;
                }
                return false;
              }}
            />
          </Droppable>
        ))}
      </Droppable>
    </section>
  );
});
