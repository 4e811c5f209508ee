"use client";

// The table: melds in a wrapping grid (never overlapping, at any width), each meld
// a row of overlapping cards, marked by who is reworking it and whether it is safe.

import { type HandView, type MeldView, rankOf, suitOf } from "@/engine";
import { memo } from "react";
import { useTranslations } from "next-intl";
import { seatColour } from "./card";
import { mayDrop } from "./drop-targets";
import { DropZone, PickableCard, type TableUi, useRoving } from "./pieces";

export const TableArea = memo(function TableArea({
  view,
  melds,
  ui,
}: {
  view: HandView;
  /** The table's melds in the order they are shown. */
  melds: MeldView[];
  ui: TableUi;
}) {
  const t = useTranslations();
  const moving = ui.dragging ?? ui.selected;
  return (
    <section
      aria-label={t("table.title")}
      className="flex flex-wrap content-start items-start gap-3"
    >
      {melds.map((meld, i) => (
        <Meld key={meld.id} meld={meld} number={i + 1} view={view} ui={ui} />
      ))}
      {/* A new meld starts from a table card or a declared card; hand cards go through staging. */}
      <DropZone
        dest={{ to: "new" }}
        label={t("meld.freeSpace")}
        active={ui.selected !== null && ui.selected.from !== "hand"}
        refuses={ui.dragging?.from === "hand"}
        lit={moving !== null && mayDrop(moving, { to: "new" }, view.table)}
        onChoose={ui.onChoose}
        className="flex h-[5.25rem] max-w-48 min-w-28 items-center justify-center rounded-lg border-2 border-dashed border-emerald-700/40 px-3 text-center text-xs text-emerald-900/70 sm:h-24"
      >
        {t("meld.freeSpace")}
      </DropZone>
    </section>
  );
});

/**
 * `number` is the meld's place on the table: the engine's ids leave gaps as melds merge and
 * go, so players see 1, 2, 3… (the id stays in the drop target's test id).
 */
function Meld({
  meld,
  number,
  view,
  ui,
}: {
  meld: MeldView;
  number: number;
  view: HandView;
  ui: TableUi;
}) {
  const t = useTranslations();
  const worker = meld.openPlays[0];
  const area =
    worker !== undefined
      ? `${seatColour(worker).bg} ${seatColour(worker).border} border-2`
      : "border-2 border-transparent bg-emerald-900/10";
  const marks = [
    ...meld.openPlays.map((s) => t("meld.worked", { who: ui.nameOf(s) })),
    ...(meld.valid ? [] : [t("meld.invalid")]),
    ...(meld.notYetSafe ? [t("meld.notYetSafe")] : []),
  ];
  const you = view.you?.seat;
  const selectedHere = ui.selected?.from === "table" && ui.selected.meld === meld.id;
  const moving = ui.dragging ?? ui.selected;
  const dest = { to: "meld", meld: meld.id } as const;
  const roving = useRoving(meld.cards.map((c) => c.card));
  return (
    <DropZone
      dest={dest}
      lit={moving !== null && mayDrop(moving, dest, view.table)}
      label={`${t("meld.label", { id: number, count: meld.cards.length })}${marks.length ? `: ${marks.join(", ")}` : ""}`}
      active={ui.selected !== null && !selectedHere}
      onChoose={ui.onChoose}
      className={`relative rounded-lg p-1.5 pt-3 ${area} ${
        meld.valid
          ? ui.hint?.melds.has(meld.id)
            ? "outline-2 outline-amber-400"
            : ""
          : "outline-2 outline-dashed outline-red-500"
      }`}
    >
      <span className="absolute -top-2 left-1 flex gap-1 whitespace-nowrap text-[10px] leading-none">
        <span className="rounded bg-white/90 px-1 py-0.5 text-stone-500">{number}</span>
        {meld.notYetSafe && (
          <span
            data-mark="not-yet-safe"
            className="rounded bg-amber-200 px-1 py-0.5 text-amber-900"
          >
            {t("meld.notYetSafe")}
          </span>
        )}
      </span>
      <span className="flex" data-roving>
        {meld.cards.map((c, i) => {
          const held = c.heldBy !== null && c.heldBy !== you;
          const reserved = c.reservedFor !== null && c.reservedFor !== you;
          const notes = [
            c.onTrialFor !== null ? t("card.onTrial", { who: ui.nameOf(c.onTrialFor) }) : null,
            c.heldBy !== null ? t("card.heldBy", { who: ui.nameOf(c.heldBy) }) : null,
            c.reservedFor !== null
              ? t("card.reservedFor", { who: ui.nameOf(c.reservedFor) })
              : null,
          ].filter(Boolean);
          return (
            <span key={c.card} className={i === 0 ? "" : "-ml-4 sm:-ml-6"}>
              <PickableCard
                source={{ from: "table", card: c.card, meld: meld.id }}
                label={[
                  t("card.inMeld", {
                    card: t("card.name", { rank: rankOf(c.card), suit: suitOf(c.card) }),
                    meld: meld.id,
                  }),
                  ...notes,
                ].join(", ")}
                disabled={held || reserved}
                onSelect={ui.onSelect}
                roving={roving}
                look={{
                  fourColour: ui.fourColour,
                  onTrialFor: c.onTrialFor,
                  covered: i < meld.cards.length - 1,
                  held,
                  selected: ui.selected?.from === "table" && ui.selected.card === c.card,
                  pending: ui.pendingCards.has(c.card),
                  refused: ui.refusedCard === c.card,
                  hinted: ui.hint?.cards.has(c.card) ?? false,
                }}
              />
            </span>
          );
        })}
      </span>
    </DropZone>
  );
}
