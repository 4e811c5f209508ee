"use client";

// In front of the player: the staging area (face up, nobody else may touch it),
// the stock to draw from, and the hand, sorted or arranged by hand.

import { type CardId, rankOf, suitOf } from "@/engine";
import { memo } from "react";
import { useTranslations } from "next-intl";
import { DropZone, ownCardLook, PickableCard, type TableUi, useRoving } from "./pieces";
import type { HandSort } from "./hand-order";

export const StagingArea = memo(function StagingArea({
  staging,
  ui,
}: {
  staging: CardId[];
  ui: TableUi;
}) {
  const t = useTranslations();
  const roving = useRoving(staging);
  return (
    <DropZone
      dest={{ to: "staging" }}
      group
      label={t("staging.title")}
      active={ui.selected?.from === "hand"}
      onChoose={ui.onChoose}
      className="flex min-h-20 flex-1 flex-wrap items-center gap-1 rounded-lg border-2 border-dashed border-stone-400 bg-white/60 p-2 sm:min-h-24 short:min-h-20 short:p-1"
    >
      {staging.length === 0 ? (
        <span className="text-xs text-stone-500">{t("staging.hint")}</span>
      ) : (
        staging.map((card) => (
          <PickableCard
            key={card}
            source={{ from: "staging", card }}
            label={`${t("staging.title")}: ${t("card.name", { rank: rankOf(card), suit: suitOf(card) })}`}
            onSelect={ui.onSelect}
            roving={roving}
            look={ownCardLook(ui, "staging", card)}
          />
        ))
      )}
    </DropZone>
  );
});

export const HandRow = memo(function HandRow({
  title,
  cards,
  sort,
  onSort,
  onNudge,
  ui,
}: {
  title: string;
  cards: CardId[];
  sort: HandSort;
  onSort: (sort: HandSort) => void;
  onNudge: (card: CardId, step: -1 | 1) => void;
  ui: TableUi;
}) {
  const t = useTranslations();
  const roving = useRoving(cards);
  return (
    <section aria-label={title} className="space-y-1">
      <div className="flex items-center gap-2 text-xs">
        <h2 className="font-semibold text-stone-700">{title}</h2>
        <SortChooser sort={sort} onSort={onSort} />
      </div>
      <DropZone
        dest={{ to: "hand" }}
        group
        label={title}
        active={ui.selected?.from === "staging"}
        onChoose={ui.onChoose}
        className="flex min-h-24 flex-wrap items-end gap-1 rounded-lg bg-emerald-950/5 p-2 short:min-h-20 short:p-1"
      >
        {cards.length === 0 && <span className="text-sm text-stone-500">{t("hand.empty")}</span>}
        {cards.map((card) => (
          <HandCard key={card} card={card} ui={ui} onNudge={onNudge} roving={roving} />
        ))}
      </DropZone>
    </section>
  );
});

/** By suit, by rank, or the player's own order. */
export function SortChooser({
  sort,
  onSort,
}: {
  sort: HandSort;
  onSort: (sort: HandSort) => void;
}) {
  const t = useTranslations();
  const sorts: [HandSort, string][] = [
    ["suit", t("hand.bySuit")],
    ["rank", t("hand.byRank")],
    ["manual", t("hand.manual")],
  ];
  return (
    <span
      role="radiogroup"
      aria-label={t("hand.sort")}
      className="flex overflow-hidden rounded border border-stone-300"
    >
      {sorts.map(([value, label]) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={sort === value}
          // One Tab stop for the group; the arrows choose (the radio group's keyboard).
          tabIndex={sort === value ? 0 : -1}
          onKeyDown={(e) => {
            const step = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
            if (!step) return;
            e.preventDefault();
            const next = sorts[(sorts.findIndex(([v]) => v === sort) + step + 3) % 3]![0];
            onSort(next);
            e.currentTarget.parentElement
              ?.querySelector<HTMLElement>(`[data-sort="${next}"]`)
              ?.focus();
          }}
          data-sort={value}
          className={`px-2 py-0.5 ${sort === value ? "bg-emerald-700 text-white" : "bg-white"}`}
          onClick={() => onSort(value)}
        >
          {label}
        </button>
      ))}
    </span>
  );
}

/** A hand card is also a drop target, so dropping another hand card on it arranges the hand. */
function HandCard({
  card,
  ui,
  onNudge,
  roving,
}: {
  card: CardId;
  ui: TableUi;
  onNudge: (card: CardId, step: -1 | 1) => void;
  roving: ReturnType<typeof useRoving>;
}) {
  const t = useTranslations();
  return (
    <DropZone
      dest={{ to: "hand", before: card }}
      label={t("card.name", { rank: rankOf(card), suit: suitOf(card) })}
      active={false}
      onChoose={ui.onChoose}
      className="rounded-md"
    >
      <PickableCard
        source={{ from: "hand", card }}
        label={t("card.name", { rank: rankOf(card), suit: suitOf(card) })}
        onSelect={ui.onSelect}
        roving={roving}
        onKey={(e) => {
          // Alt + arrows arrange the hand; plain arrows stay free for moving focus.
          if (e.altKey && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
            onNudge(card, e.key === "ArrowLeft" ? -1 : 1);
            return true;
          }
          return false;
        }}
        look={ownCardLook(ui, "hand", card)}
      />
    </DropZone>
  );
}
